/** Reading the bundled contract (generated/openapi.json): operations, path matching and examples. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONTRACT_FILE = path.join(ROOT, 'generated', 'openapi.json');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type Method = (typeof METHODS)[number];

export interface ExampleObject {
  summary?: string;
  value?: Json;
}

export interface Operation {
  method: Method;
  path: string;
  operationId: string;
  spec: JsonObject;
  pathItem: JsonObject;
  matcher: RegExp;
  /** Number of literal segments (more literal = more specific). */
  literals: number;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class Contract {
  readonly operations: Operation[] = [];

  constructor(readonly document: JsonObject) {
    const paths = isObject(document.paths) ? document.paths : {};
    for (const [template, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      const segments = template.split('/').filter(Boolean);
      const pattern = segments
        .map((segment) => (/^\{.+\}$/.test(segment) ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      for (const method of METHODS) {
        const spec = item[method];
        if (!isObject(spec)) continue;
        this.operations.push({
          method,
          path: template,
          operationId: String(spec.operationId ?? `${method} ${template}`),
          spec,
          pathItem: item,
          matcher: new RegExp(`^/${pattern}/?$`),
          literals: segments.filter((segment) => !segment.startsWith('{')).length,
        });
      }
    }
  }

  static load(file = CONTRACT_FILE): Contract {
    return new Contract(JSON.parse(readFileSync(file, 'utf8')) as JsonObject);
  }

  /** The operation a request goes to; literal segments win over templated ones, as in OpenAPI. */
  match(method: string, pathname: string): { operation: Operation; params: Record<string, string> } | undefined {
    const candidates = this.operations
      .filter((op) => op.method === method.toLowerCase() && op.matcher.test(pathname))
      .sort((a, b) => b.literals - a.literals);
    const operation = candidates[0];
    if (!operation) return undefined;
    const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const values = operation.matcher.exec(pathname)!.slice(1);
    // A value that is not valid percent-encoding stays as sent (the id parser, mocks/ids.ts, then refuses it).
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text);
      } catch {
        return text;
      }
    };
    const params = Object.fromEntries(names.map((name, i) => [name, decode(values[i] ?? '')]));
    return { operation, params };
  }

  /** Named response examples of an operation, by status code. */
  responseExamples(operation: Operation): Map<string, { status: string; example: ExampleObject }> {
    const found = new Map<string, { status: string; example: ExampleObject }>();
    const responses = isObject(operation.spec.responses) ? operation.spec.responses : {};
    const shared = isObject(this.document.components) ? this.document.components.responses : undefined;
    for (const [status, declared] of Object.entries(responses)) {
      // A shared response of `components/responses.yaml` (`$ref: '#/components/responses/NotFound'`) is followed.
      const ref = isObject(declared) && typeof declared.$ref === 'string' ? declared.$ref : undefined;
      const name = ref?.startsWith('#/components/responses/') ? ref.slice('#/components/responses/'.length) : undefined;
      const response = name !== undefined && isObject(shared) ? shared[name] : declared;
      const content = isObject(response) && isObject(response.content) ? response.content : {};
      for (const media of Object.values(content)) {
        const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
        for (const [name, example] of Object.entries(examples)) {
          if (!found.has(name) && isObject(example)) found.set(name, { status, example: example as ExampleObject });
        }
      }
    }
    return found;
  }

  /** The sign-in token of an example account: `data.token` of the `login` operation's 200 example `username`. */
  exampleToken(username: string): string {
    const example = this.responseExamples(this.byId('login')).get(username)?.example.value;
    const data = isObject(example) ? example.data : undefined;
    const token = isObject(data) ? data.token : undefined;
    if (typeof token !== 'string') {
      throw new Error(`The contract has no ${username} token (login 200, example "${username}", data.token)`);
    }
    return token;
  }

  /** The value of a named request body example of an operation (its JSON body); throws when there is none. */
  requestExample(operationId: string, name: string): JsonObject {
    const body = this.byId(operationId).spec.requestBody;
    const content = isObject(body) && isObject(body.content) ? body.content : {};
    for (const media of Object.values(content)) {
      const example = isObject(media) && isObject(media.examples) ? media.examples[name] : undefined;
      if (isObject(example) && isObject(example.value)) return structuredClone(example.value);
    }
    throw new Error(`The contract's ${operationId} has no request example ${name}`);
  }

  byId(operationId: string): Operation {
    const operation = this.operations.find((op) => op.operationId === operationId);
    if (!operation) throw new Error(`The contract has no operation ${operationId}`);
    return operation;
  }
}

/** The `data` of a named example of a GET operation's answer (undefined when there is none). */
export function exampleData(contract: Contract, path: string, name: string): unknown {
  const operation = contract.operations.find((op) => op.method === 'get' && op.path === path);
  const value = operation && contract.responseExamples(operation).get(name)?.example.value;
  return (value as { data?: unknown } | undefined)?.data;
}
