/**
 * Builds the console for the live benchmark as it ships (`vite build` with the project's configuration) and the
 * benchmark's probe page (bench/live/probe/, the console's own live store without the list), and serves both
 * the way a production host does: static files with the SPA fallback, the console's Content-Security-Policy header,
 * a config.json written for this run, /api proxied to the mock API, except the panel list call, which answers pages
 * of the generated fleet (see fleet.ts).
 */
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { ConsoleConfig } from '../../src/lib/config/config.ts';
import { contentSecurityPolicy } from '../../src/lib/config/content-security-policy.ts';
import { FLEET_PAGE_SIZE } from '../../src/lib/alarms/alarm-watch.ts';
import { closeServer, CONTENT_TYPES, fileIn, listen, passToApi, toApi } from '../site-server.ts';
import { fleetPage } from './fleet.ts';

export const OUT_DIR = path.resolve('build/bench-live');
const CONSOLE_DIR = path.join(OUT_DIR, 'console');
const PROBE_DIR = path.join(OUT_DIR, 'probe');
/** Where the probe page is served (beside the console, same origin, same policy). */
export const PROBE_PATH = '/__bench/probe/';

export async function buildAll(): Promise<void> {
  await build({ logLevel: 'warn', build: { outDir: CONSOLE_DIR, emptyOutDir: true } });
  await build({
    root: fileURLToPath(new URL('./probe', import.meta.url)),
    base: PROBE_PATH,
    configFile: false,
    plugins: [react()],
    logLevel: 'warn',
    resolve: { alias: { '@generated': path.resolve('generated') } },
    build: { outDir: PROBE_DIR, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  });
}

export function builtAlready(): boolean {
  return existsSync(path.join(CONSOLE_DIR, 'index.html')) && existsSync(path.join(PROBE_DIR, 'index.html'));
}

export interface RunningSite {
  url: string;
  stop(): Promise<void>;
}

/** The panel list call, answered from the generated fleet instead of the mock. */
const PANEL_LIST = /^\/api\/command\/devices\/userdevices\/(\d+)$/;

export interface SiteOptions {
  port: number;
  apiUrl: string;
  config: ConsoleConfig;
  /**
   * The fleet the panel list call answers (its size can change between runs). `hiddenFromAlarmWatch`: the shell's
   * alarm watch (the only caller asking FLEET_PAGE_SIZE rows a page) is answered no panel, so it watches none: the
   * console as it was before the alarm watch, for comparison (`--without-alarm-watch`).
   */
  fleet: { size: number; loaded: number; hiddenFromAlarmWatch?: boolean };
}

export async function serveSite(options: SiteOptions): Promise<RunningSite> {
  const policy = contentSecurityPolicy(options.config);
  const configBody = JSON.stringify(options.config);
  const api = new URL(options.apiUrl);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    const list = PANEL_LIST.exec(url.pathname);
    if (list && req.method === 'GET') {
      // As the API answers it: the page from `offset`, `limit` at a time (10 unless asked), with the total count.
      const offset = Number(list[1]);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const hidden = options.fleet.hiddenFromAlarmWatch === true && limit === FLEET_PAGE_SIZE;
      const page = fleetPage(hidden ? 0 : options.fleet.size, offset, limit);
      options.fleet.loaded = Math.max(options.fleet.loaded, offset + page.data.length);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page));
      return;
    }
    if (toApi(url)) {
      passToApi(api, req, res, {}, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      return;
    }
    res.setHeader('Content-Security-Policy', policy);
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(configBody);
      return;
    }
    const probe = url.pathname.startsWith(PROBE_PATH);
    const root = probe ? PROBE_DIR : CONSOLE_DIR;
    const file =
      fileIn(root, probe ? url.pathname.slice(PROBE_PATH.length - 1) : url.pathname) ?? path.join(root, 'index.html');
    res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await listen(server, options.port);
  return { url: `http://127.0.0.1:${options.port}`, stop: () => closeServer(server) };
}
