import { describe, expect, it } from 'vitest';
import { routes } from '../src/lib/routing/paths.ts';
import { localeFiles, routeFiles, staticClosure, type Manifest } from './route-graph.ts';
import { readRoutes } from './route-sources.ts';

describe('route graph of the size budget', () => {
  it('reads every route of the router with the lazy modules of its component and loader, and its texts', () => {
    const read = readRoutes('src/app/router.tsx', routes);
    const byPath = new Map(read.map((route) => [route.path, route]));
    expect(byPath.get(routes.login)).toMatchObject({ parent: 'rootRoute', loadsPageTexts: false });
    expect(byPath.get(routes.panels)?.lazyModules).toEqual([
      'src/features/panels/panel-list-page.tsx',
      'src/lib/panels/user-panels.ts',
    ]);
    const app = read.find((route) => route.name === byPath.get(routes.panels)?.parent);
    expect(app?.lazyModules).toEqual(['src/app/layout/app-layout.tsx']);
    // The signed-in pages' texts load with the signed-in frame, before any of its pages.
    expect(app?.loadsPageTexts).toBe(true);
    // Every route path the router declares is one of the paths module's routes (or the catch-all).
    const known = new Set<string>([...Object.values(routes), '$']);
    for (const route of read) if (route.path !== undefined) expect(known.has(route.path), route.path).toBe(true);
  });

  const manifest: Manifest = {
    'src/main.tsx': { file: 'entry.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['src/page.tsx'] },
    '_vendor.js': { file: 'vendor.js' },
    'src/layout.tsx': { file: 'layout.js', isDynamicEntry: true, imports: ['_vendor.js', '_grid.js'] },
    'src/page.tsx': {
      file: 'page.js',
      isDynamicEntry: true,
      imports: ['_grid.js'],
      dynamicImports: ['src/dialog.tsx'],
    },
    '_grid.js': { file: 'grid.js' },
    'src/dialog.tsx': { file: 'dialog.js', isDynamicEntry: true },
    'locales/en.json?part=shell': { file: 'en-shell.js', isDynamicEntry: true },
    'locales/tr.json?part=shell': { file: 'tr-shell.js', isDynamicEntry: true },
    'locales/en.json?part=pages': { file: 'en-pages.js', isDynamicEntry: true },
    'locales/tr.json?part=pages': { file: 'tr-pages.js', isDynamicEntry: true },
  };

  it('counts static imports transitively, never what a page loads later', () => {
    expect([...staticClosure(manifest, 'src/page.tsx')]).toEqual(['page.js', 'grid.js']);
  });

  it("finds a lazily imported module the bundler put into a shared chunk, through the build's module files", () => {
    expect(() => staticClosure(manifest, 'src/api/list.ts')).toThrow('The build has no chunk for src/api/list.ts');
    expect([...staticClosure(manifest, 'src/api/list.ts', new Set(), { 'src/api/list.ts': 'grid.js' })]).toEqual([
      'grid.js',
    ]);
  });

  it("adds the lazy components of a route and of its parents to the entry's chunks", () => {
    const files = routeFiles(manifest, [
      { name: 'root', path: undefined, parent: undefined, lazyModules: [] },
      { name: 'login', path: '/login', parent: 'root', lazyModules: [] },
      { name: 'app', path: undefined, parent: 'root', lazyModules: ['src/layout.tsx'], loadsPageTexts: true },
      { name: 'page', path: '/Page', parent: 'app', lazyModules: ['src/page.tsx'] },
    ]);
    expect(files.map(({ path, files: chunks, textParts }) => [path, [...chunks].sort(), textParts])).toEqual([
      ['/login', ['entry.js', 'vendor.js'], ['shell']],
      ['/Page', ['entry.js', 'grid.js', 'layout.js', 'page.js', 'vendor.js'], ['shell', 'pages']],
    ]);
  });

  it("finds each language's file of a locale part", () => {
    expect(Object.fromEntries(localeFiles(manifest, 'pages'))).toEqual({ en: 'en-pages.js', tr: 'tr-pages.js' });
    expect(() => localeFiles({ 'src/main.tsx': { file: 'entry.js', isEntry: true } }, 'shell')).toThrow(
      /no locale chunk/,
    );
  });
});
