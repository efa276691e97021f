/**
 * `node configure.mjs` (this file, built next to dist/ by `npm run build`; deploy/nginx/start.sh runs it): writes
 * config.json, security-headers.conf, nginx.conf and site.conf from the environment into CONSOLE_NGINX_RUNTIME, or
 * names every wrong setting and exits 1 without writing anything.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DeployError, renderDeployment } from './render.ts';

function main(): void {
  const { files, warnings } = renderDeployment(process.env, (file) => readFileSync(file, 'utf8'));
  for (const warning of warnings) console.warn(`Warning: ${warning}`);
  const runtime = process.env.CONSOLE_NGINX_RUNTIME!;
  mkdirSync(path.join(runtime, 'temp'), { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    // Written whole or not at all: a reload never reads half a file.
    const target = path.join(runtime, name);
    writeFileSync(`${target}.new`, content);
    renameSync(`${target}.new`, target);
  }
  console.log(`Console configuration written to ${runtime}: ${Object.keys(files).join(', ')}`);
}

try {
  main();
} catch (error) {
  console.error(error instanceof DeployError ? error.message : error);
  process.exit(1);
}
