/**
 * `npm run start:prod` (`npm start -- --prod`): the console as it is deployed, built (`vite build`, into
 * build/prod-dist/) and served by Vite's production preview server with the same proxies to the mock stack as the
 * development server (/api, /files, /provider, /mqtt) and every security header of a deployment (vite.config.ts).
 * The build takes a minute or so; then each page loads as fast as it will in production, where the development
 * server compiles each module on its first request.
 */
import path from 'node:path';
import { build, preview, type PreviewServer, type ProxyOptions } from 'vite';
import { ROOT } from './contract.ts';

/** Where the production build is written (build/ is not committed). */
export const PROD_DIST = path.join(ROOT, 'build', 'prod-dist');

export async function serveProductionBuild(options: {
  port: number;
  proxy: Record<string, ProxyOptions>;
  signal?: AbortSignal;
}): Promise<PreviewServer> {
  // Errors only: the size of each chunk is the size budget's business (npm run bench:size), not the terminal's.
  await build({ root: ROOT, logLevel: 'error', build: { outDir: PROD_DIST, emptyOutDir: true } });
  options.signal?.throwIfAborted();
  return preview({
    root: ROOT,
    build: { outDir: PROD_DIST },
    preview: { host: '127.0.0.1', port: options.port, strictPort: true, proxy: options.proxy },
  });
}
