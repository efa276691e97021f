/**
 * What each route loads at first paint, read from the build's module graph: the entry chunk with everything it
 * imports statically, plus the lazily loaded components and loaders of the route and of its parent routes (with their
 * static imports), and the parts of the locale file it shows. Chunks a page loads later (a dialog on click, the file
 * export) are not part of its first paint.
 * The routes and their lazy components come from the router's source (route-sources.ts).
 */
import type { LocalePart } from '../codegen/locale-parts.ts';
import type { RouteSource } from './route-sources.ts';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Which output file holds each source module (relative to the repository root), as the build wrote them. */
export type ModuleFiles = Record<string, string>;

/**
 * The manifest key of a source module: its own, or — when the bundler put a lazily imported module into a chunk
 * shared with static importers (`_name-hash.js`, no facade) — the key of the chunk that holds it.
 */
function manifestKey(manifest: Manifest, key: string, modules: ModuleFiles | undefined): string {
  if (manifest[key]) return key;
  const file = modules?.[key];
  const shared = file ? Object.keys(manifest).find((candidate) => manifest[candidate]!.file === file) : undefined;
  if (!shared) throw new Error(`The build has no chunk for ${key}`);
  return shared;
}

/** Files (JS chunks) a manifest entry needs before it runs: itself and its static imports, transitively. */
export function staticClosure(
  manifest: Manifest,
  key: string,
  into = new Set<string>(),
  modules?: ModuleFiles,
): Set<string> {
  const chunk = manifest[manifestKey(manifest, key, modules)]!;
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into, modules);
  return into;
}

export interface RouteFiles {
  path: string;
  files: Set<string>;
  /** The parts of the locale file it loads before its first paint (one language's, in `localeFiles`). */
  textParts: LocalePart[];
}

/** Each language's file of a locale part (`locales/<code>.json?part=<part>`), by language code. */
export function localeFiles(manifest: Manifest, part: LocalePart): Map<string, string> {
  const pattern = new RegExp(`^locales/([^/]+)\\.json\\?part=${part}$`);
  const files = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const code = pattern.exec(key)?.[1];
    if (code) files.set(code, chunk.file);
  }
  if (files.size === 0) throw new Error(`The build has no locale chunk of the ${part} part`);
  return files;
}

/** Every route with a path, and the JS files of its first paint. */
export function routeFiles(manifest: Manifest, routes: RouteSource[], modules?: ModuleFiles): RouteFiles[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry chunk, found ${entries.length}`);
  const byName = new Map(routes.map((route) => [route.name, route]));
  const result: RouteFiles[] = [];
  for (const route of routes) {
    if (route.path === undefined) continue;
    const files = staticClosure(manifest, entries[0]!);
    const textParts: LocalePart[] = ['shell'];
    for (let current: RouteSource | undefined = route; current; current = byName.get(current.parent ?? '')) {
      for (const module of current.lazyModules) staticClosure(manifest, module, files, modules);
      if (current.loadsPageTexts) textParts.push('pages');
      if (current.loadsAdminTexts) textParts.push('admin');
      if (current.loadsPublicTexts) textParts.push('public');
      if (current.loadsDetailTexts) textParts.push('detail');
    }
    result.push({ path: route.path === '$' ? '(any unknown path)' : route.path, files, textParts });
  }
  return result;
}
