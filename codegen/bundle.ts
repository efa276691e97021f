/**
 * Bundles the multi-file contract (openapi/openapi.yaml and the files it references) into one OpenAPI 3.1
 * document whose shared pieces are named components:
 *  - every top-level key of openapi/components/<area>.yaml is a schema (parameters.yaml and responses.yaml
 *    hold parameters and responses);
 *  - every settings group file openapi/settings/NN-<slug>.json is a schema named <Slug>Settings, and the
 *    `$defs` of openapi/settings/common.json are schemas named after their keys;
 *  - any other reference (path items, examples, nested pointers) is inlined.
 * The result is deterministic: the same sources always give the same bytes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Kind = 'schemas' | 'parameters' | 'responses';

export interface ComponentEntry {
  kind: Kind;
  name: string;
  file: string;
  pointer: string;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pascal = (slug: string): string =>
  slug
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** Component name of a settings group file such as `00-zone.json` (ZoneSettings). */
export const settingsComponentName = (fileName: string): string =>
  `${pascal(fileName.replace(/\.json$/, '').replace(/^\d+-/, ''))}Settings`;

export class ContractBundler {
  private readonly files = new Map<string, Json>();
  private readonly registry = new Map<string, ComponentEntry>();
  private readonly names = new Map<string, string>();

  constructor(private readonly openapiDir: string) {
    this.registerComponents();
  }

  load(file: string): Json {
    const cached = this.files.get(file);
    if (cached !== undefined) return cached;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      throw new Error(`Cannot read ${path.relative(process.cwd(), file)}`);
    }
    let value: Json;
    try {
      value = (file.endsWith('.json') ? JSON.parse(text) : parse(text)) as Json;
    } catch (error) {
      throw new Error(`Cannot parse ${path.relative(process.cwd(), file)}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    this.files.set(file, value);
    return value;
  }

  get components(): ComponentEntry[] {
    return [...this.registry.values()];
  }

  private register(entry: ComponentEntry): void {
    const nameKey = `${entry.kind}/${entry.name}`;
    const existing = this.names.get(nameKey);
    if (existing) {
      throw new Error(`Component ${nameKey} is defined twice: ${existing} and ${entry.file}#${entry.pointer}`);
    }
    this.names.set(nameKey, `${entry.file}#${entry.pointer}`);
    this.registry.set(`${entry.file}#${entry.pointer}`, entry);
  }

  private registerComponents(): void {
    const componentsDir = path.join(this.openapiDir, 'components');
    for (const fileName of readdirSync(componentsDir).sort()) {
      if (!/\.ya?ml$/.test(fileName)) continue;
      const file = path.join(componentsDir, fileName);
      const kind: Kind = fileName.startsWith('parameters.')
        ? 'parameters'
        : fileName.startsWith('responses.')
          ? 'responses'
          : 'schemas';
      const content = this.load(file);
      if (!isObject(content)) throw new Error(`${fileName} must be a map of components`);
      for (const name of Object.keys(content)) this.register({ kind, name, file, pointer: `/${name}` });
    }
    const settingsDir = path.join(this.openapiDir, 'settings');
    for (const fileName of readdirSync(settingsDir).sort()) {
      if (!fileName.endsWith('.json')) continue;
      const file = path.join(settingsDir, fileName);
      if (fileName === 'common.json') {
        const content = this.load(file);
        const defs = isObject(content) && isObject(content.$defs) ? content.$defs : {};
        for (const name of Object.keys(defs)) this.register({ kind: 'schemas', name, file, pointer: `/$defs/${name}` });
      } else {
        this.register({ kind: 'schemas', name: settingsComponentName(fileName), file, pointer: '' });
      }
    }
  }

  private resolvePointer(file: string, pointer: string): Json {
    let node = this.load(file);
    if (pointer === '' || pointer === '/') return node;
    for (const raw of pointer.replace(/^\//, '').split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (Array.isArray(node)) node = node[Number(key)] ?? null;
      else if (isObject(node) && key in node) node = node[key]!;
      else throw new Error(`Unresolvable reference ${path.relative(process.cwd(), file)}#${pointer}`);
    }
    return node;
  }

  /** Rewrites `node` (found in `file`) so every reference is either a component reference or inlined. */
  transform(node: Json, file: string, stack: string[] = []): Json {
    if (Array.isArray(node)) return node.map((item) => this.transform(item, file, stack));
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    const ref = node.$ref;
    if (typeof ref === 'string' && !ref.startsWith('#/components/')) {
      const [filePart = '', pointer = ''] = ref.split('#');
      const target = filePart ? path.resolve(path.dirname(file), filePart) : file;
      const key = `${target}#${pointer}`;
      const entry = this.registry.get(key);
      const siblings = Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$ref'));
      if (entry) {
        out.$ref = `#/components/${entry.kind}/${entry.name}`;
        for (const [k, v] of Object.entries(siblings)) out[k] = this.transform(v, file, stack);
        return out;
      }
      if (stack.includes(key)) throw new Error(`Circular inline reference through ${ref} in ${file}`);
      const resolved = this.transform(this.resolvePointer(target, pointer), target, [...stack, key]);
      if (!isObject(resolved)) return resolved;
      const merged: JsonObject = { ...resolved };
      for (const [k, v] of Object.entries(siblings)) merged[k] = this.transform(v, file, stack);
      return merged;
    }
    for (const [k, v] of Object.entries(node)) out[k] = this.transform(v, file, stack);
    return out;
  }

  bundle(): JsonObject {
    const rootFile = path.join(this.openapiDir, 'openapi.yaml');
    const root = this.load(rootFile);
    if (!isObject(root)) throw new Error('openapi.yaml must be a map');
    const bundled = this.transform(root, rootFile) as JsonObject;
    const components: Record<Kind, JsonObject> = { schemas: {}, parameters: {}, responses: {} };
    for (const entry of [...this.registry.values()].sort((a, b) => a.name.localeCompare(b.name))) {
      const value = this.transform(this.resolvePointer(entry.file, entry.pointer), entry.file);
      if (isObject(value)) delete value.$schema;
      components[entry.kind][entry.name] = value;
    }
    const existing = isObject(bundled.components) ? bundled.components : {};
    bundled.components = { ...components, ...existing };
    return bundled;
  }
}

export const bundleContract = (openapiDir: string): JsonObject => new ContractBundler(openapiDir).bundle();
