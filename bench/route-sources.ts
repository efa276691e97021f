/**
 * The routes of the console as its source declares them, read with the TypeScript parser: the router's
 * `createRoute({...})` routes and the rows of its page table (`page-routes.ts`), each with its path from the paths
 * module, its parent, the modules its component and loader import lazily, and the parts of the locale file its
 * `beforeLoad` loads. A new route is measured without touching the size bench.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

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

/** The routes declared with `const x = createRoute({...})` (and the root route) in the router module. */
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
