/**
 * `npm run bench:size`: the JavaScript each route fetches for its first paint, gzip-compressed, against the size
 * budget. Builds the console (into build/size-bench/, with a manifest), reads every route of the router and the
 * module graph of the build, sums the gzip sizes of each route's chunks and fails (exit 1) when a route is over its
 * budget. A size is deterministic, so unlike a timing it is checked in CI.
 *
 *   /login   <= 150 kB    the sign-in page, the first thing anybody loads
 *   /Panels  <= 300 kB    the page a person uses every day (with the live feed client)
 *   others   <= 350 kB
 *
 * kB is 1000 bytes, as the build's own report counts it. `--json <file>` also writes the figures.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { routes as routePatterns } from '../../src/lib/routing/paths.ts';
import { readRoutes, routeFiles, type Manifest } from './route-graph.ts';

export const BUDGETS_KB: Record<string, number> = { '/login': 150, '/Panels': 300 };
export const DEFAULT_BUDGET_KB = 350;

const { values } = parseArgs({ options: { json: { type: 'string' }, 'no-build': { type: 'boolean' } } });
const outDir = path.resolve('build/size-bench');

const floorDir = path.resolve('build/size-floor');
if (!values['no-build']) {
  await build({
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  await build({
    root: path.resolve('tests/bench/size-floor'),
    configFile: false,
    plugins: [react()],
    logLevel: 'error',
    build: { outDir: floorDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
}

const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const gzipSizes = new Map<string, number>();
const gzipSize = (file: string): number => {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(outDir, file))).length;
    gzipSizes.set(file, size);
  }
  return size;
};

const routes = routeFiles(manifest, readRoutes('src/app/router.tsx', routePatterns));
const rows = routes.map(({ path: route, files }) => {
  const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  const budget = BUDGETS_KB[route] ?? DEFAULT_BUDGET_KB;
  return { route, kB: Math.round(bytes / 100) / 10, budget, files: files.size, over: bytes > budget * 1000 };
});

const width = Math.max(...rows.map((row) => row.route.length), 5);
console.log(`${'route'.padEnd(width)}  gzip JS   budget   chunks`);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(width)}  ${`${row.kB.toFixed(1)} kB`.padStart(8)}  ${`${row.budget} kB`.padStart(7)}  ${String(row.files).padStart(6)}${row.over ? '   OVER BUDGET' : ''}`,
  );
}
const floorManifest = JSON.parse(readFileSync(path.join(floorDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const floorBytes = Object.values(floorManifest)
  .filter((chunk) => chunk.file.endsWith('.js'))
  .reduce((sum, chunk) => sum + gzipSync(readFileSync(path.join(floorDir, chunk.file))).length, 0);
console.log(
  `\nFloor of the stack for a sign-in page (React, MUI, TanStack Router and Query, i18next; no console code): ${(floorBytes / 1000).toFixed(1)} kB`,
);
if (values.json) writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);

const over = rows.filter((row) => row.over);
if (over.length) {
  console.error(
    `\n${over.length} route(s) over the size budget: ${over.map((row) => `${row.route} ${row.kB} kB > ${row.budget} kB`).join(', ')}`,
  );
  process.exit(1);
}
console.log(`\nEvery route is within its size budget (${rows.length} routes).`);
