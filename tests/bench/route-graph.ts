/**
 * What each route loads at first paint, read from the build's module graph: the entry chunk with everything it
 * imports statically, plus the lazily loaded components and loaders of the route and of its parent routes (with their
 * static imports), and the parts of the locale file it shows. Chunks a page loads later (a dialog on click, the file
 * export) are not part of its first paint.
 * The routes and their lazy components are read from the router's source, so a new route is measured without
 * touching this file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { LocalePart } from '../../codegen/locale-parts.ts';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteSource {
  /** The route's variable in the router. */
  name: string;
  /** Path pattern (`/Panels`), or undefined for a layout route. */
  path: string | undefined;
  parent: string | undefined;
  /** Source modules of its lazily loaded component and loader (relative to the repository root). */
  lazyModules: string[];
  /** Whether it loads the signed-in pages' texts before it renders (`beforeLoad` calls `loadPageTexts`). */
  loadsPageTexts?: boolean;
  /** Whether it loads the administration's texts before it renders (`beforeLoad` calls `loadAdminTexts`). */
  loadsAdminTexts?: boolean;
  /** Whether it loads the public pages' texts before it renders (`beforeLoad` calls `loadPublicTexts`). */
  loadsPublicTexts?: boolean;
  /** Whether it loads the panel detail's texts before it renders (`beforeLoad` calls `loadDetailTexts`). */
  loadsDetailTexts?: boolean;
}

const propertyOf = (object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined => {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property.initializer;
  }
  return undefined;
};

/** The routes declared with `const x = createRoute({...})` (and the root route) in the router module. */
/** The modules a piece of source imports lazily (`import('…')`), relative to the working folder. */
function importsIn(node: ts.Node, fromDir: string): string[] {
  const found: string[] = [];
  const visit = (child: ts.Node) => {
    if (
      ts.isCallExpression(child) &&
      child.expression.kind === ts.SyntaxKind.ImportKeyword &&
      child.arguments[0] &&
      ts.isStringLiteral(child.arguments[0])
    ) {
      const target = child.arguments[0].text;
      // Generated code is imported through its alias (vite.config.ts).
      const file = target.startsWith('@generated/')
        ? path.resolve('generated', target.slice('@generated/'.length))
        : path.resolve(fromDir, target);
      found.push(path.relative(process.cwd(), file));
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

export function readRoutes(routerFile: string, routePatterns: Record<string, string>): RouteSource[] {
  const source = ts.createSourceFile(routerFile, readFileSync(routerFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const routerDir = path.dirname(routerFile);
  const routes: RouteSource[] = [];

  const lazyImports = (node: ts.Node): string[] => importsIn(node, routerDir);

  const resolvePath = (expression: ts.Expression | undefined): string | undefined => {
    if (!expression) return undefined;
    if (ts.isStringLiteral(expression)) return expression.text;
    if (ts.isPropertyAccessExpression(expression) && expression.expression.getText() === 'routes') {
      const pattern = routePatterns[expression.name.text];
      if (pattern === undefined) throw new Error(`routes.${expression.name.text} is not in the paths module`);
      return pattern;
    }
    throw new Error(`Cannot read the route path ${expression.getText()} in ${routerFile}`);
  };

  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isCallExpression(node.initializer)) {
      const call = node.initializer;
      const callee = call.expression.getText();
      const options = call.arguments[0];
      if (callee === 'createRoute' && options && ts.isObjectLiteralExpression(options)) {
        const parentFn = propertyOf(options, 'getParentRoute');
        const parent = parentFn && ts.isArrowFunction(parentFn) ? parentFn.body.getText() : undefined;
        const component = propertyOf(options, 'component');
        const loader = propertyOf(options, 'loader');
        const beforeLoad = propertyOf(options, 'beforeLoad');
        routes.push({
          name: node.name.getText(),
          path: resolvePath(propertyOf(options, 'path')),
          parent,
          lazyModules: [...(component ? lazyImports(component) : []), ...(loader ? lazyImports(loader) : [])],
          loadsPageTexts: beforeLoad ? /\bloadPageTexts\b/.test(beforeLoad.getText()) : false,
          loadsAdminTexts: beforeLoad ? /\bloadAdminTexts\b/.test(beforeLoad.getText()) : false,
          loadsPublicTexts: beforeLoad ? /\bloadPublicTexts\b/.test(beforeLoad.getText()) : false,
          loadsDetailTexts: beforeLoad ? /\bloadDetailTexts\b/.test(beforeLoad.getText()) : false,
        });
      } else if (callee.startsWith('createRootRoute')) {
        routes.push({ name: node.name.getText(), path: undefined, parent: undefined, lazyModules: [] });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // The page table: page-routes.ts, and the row files it joins (routes/*.ts).
  const rowDir = path.join(routerDir, 'routes');
  const rowFiles = existsSync(rowDir)
    ? readdirSync(rowDir).filter((name) => /\.tsx?$/.test(name) && !/\.test\./.test(name))
    : [];
  for (const table of [path.join(routerDir, 'page-routes.ts'), ...rowFiles.map((name) => path.join(rowDir, name))]) {
    if (existsSync(table)) routes.push(...readPageTable(table, routePatterns));
  }
  return routes;
}

/** The parent route variable of a row's `under` in the router. */
const PARENT_OF: Record<string, string> = { root: 'rootRoute', app: 'appRoute', admin: 'adminRoute' };

const unwrap = (expression: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression)
    ? unwrap(expression.expression)
    : expression;

/**
 * The page routes of the route table (`page({ page: 'panels', under: 'app', component, load, before })`, or one row
 * mapped over a list of page names), each with its path from the paths module, its parent, the lazy modules of its
 * component and loader, and the texts its `before` loads.
 */
function readPageTable(tableFile: string, routePatterns: Record<string, string>): RouteSource[] {
  const source = ts.createSourceFile(tableFile, readFileSync(tableFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const tableDir = path.dirname(tableFile);
  const lazyImports = (node: ts.Node | undefined): string[] => (node ? importsIn(node, tableDir) : []);
  /** The page names a row stands for: its literal, or every name of the list it is mapped over. */
  const pageNames = (row: ts.CallExpression, value: ts.Expression): string[] => {
    if (ts.isStringLiteral(value)) return [value.text];
    for (let node: ts.Node = row; node.parent; node = node.parent) {
      const call = node.parent;
      if (ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression)) {
        const list = unwrap(call.expression.expression);
        if (call.expression.name.text === 'map' && ts.isArrayLiteralExpression(list)) {
          return list.elements.filter(ts.isStringLiteral).map((element) => element.text);
        }
      }
    }
    throw new Error(`Cannot read the page of ${row.getText()} in ${tableFile}`);
  };
  const rows: RouteSource[] = [];
  const visit = (node: ts.Node) => {
    const options = ts.isCallExpression(node) ? node.arguments[0] : undefined;
    if (
      ts.isCallExpression(node) &&
      node.expression.getText() === 'page' &&
      options &&
      ts.isObjectLiteralExpression(options)
    ) {
      const page = propertyOf(options, 'page');
      const explicitPath = propertyOf(options, 'path');
      const under = propertyOf(options, 'under');
      const before = propertyOf(options, 'before')?.getText() ?? '';
      const lazyModules = [
        ...lazyImports(propertyOf(options, 'component')),
        ...lazyImports(propertyOf(options, 'load')),
      ];
      for (const name of page ? pageNames(node, page) : []) {
        const pattern = explicitPath && ts.isStringLiteral(explicitPath) ? explicitPath.text : routePatterns[name];
        if (pattern === undefined) throw new Error(`The page ${name} is not in the paths module`);
        rows.push({
          name,
          path: pattern,
          parent: under && ts.isStringLiteral(under) ? PARENT_OF[under.text] : undefined,
          lazyModules,
          loadsPageTexts: /\bloadPageTexts\b/.test(before),
          loadsAdminTexts: /\bloadAdminTexts\b/.test(before),
          loadsPublicTexts: /\bloadPublicTexts\b/.test(before),
          loadsDetailTexts: /\bloadDetailTexts\b/.test(before),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return rows;
}

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
