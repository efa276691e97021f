/**
 * bench:phone's site: the build's own nginx in front of the mock stack (`--server nginx`, the default where nginx is
 * installed), or the node stand-in (`--server node`), on the site's port, with the console's config.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEVELOPMENT_CONFIG } from '../../mocks/console-config.ts';
import { ensurePortFree } from '../../mocks/ports.ts';
import type { RunningStack } from '../../mocks/stack.ts';
import type { ConsoleConfig } from '../../src/lib/config/config.ts';
import { NGINX_BINARY } from '../../tests/e2e/stack-ports.ts';
import { startNginx } from './nginx.ts';
import { startNodeServer } from './node-server.ts';
import { log, NGINX_DIR } from './plan.ts';

export async function startSite(
  chosen: string | undefined,
  port: number,
  stack: RunningStack,
  cleanups: (() => Promise<unknown>)[],
): Promise<{ server: 'nginx' | 'node'; siteUrl: string; serverName: string }> {
  const nginxThere = existsSync(NGINX_BINARY) && existsSync(path.join(NGINX_DIR, 'start.sh'));
  const server = chosen ?? (nginxThere ? 'nginx' : 'node');
  if (server !== 'nginx' && server !== 'node') throw new Error(`--server ${server}? (nginx or node)`);
  if (server === 'nginx' && !nginxThere)
    throw new Error(`no nginx at ${NGINX_BINARY} (or no ${NGINX_DIR}/start.sh): install it or use --server node`);
  await ensurePortFree({ name: 'the site', port, setting: '--port-base' });
  const config: ConsoleConfig = {
    apiBaseUrl: '/api',
    fileStoreBaseUrl: '/files',
    brokerUrl: '/mqtt',
    brokerUsername: DEVELOPMENT_CONFIG.brokerUsername,
    liveTopicTemplate: DEVELOPMENT_CONFIG.liveTopicTemplate,
  };
  if (server === 'nginx') await startNginx(port, stack, cleanups);
  else {
    if (!existsSync(NGINX_BINARY)) log(`No nginx at ${NGINX_BINARY}: the node stand-in serves the build instead.`);
    await startNodeServer(port, stack, config, cleanups);
  }
  const siteUrl = `http://127.0.0.1:${port}`;
  const serverName =
    server === 'nginx' ? `nginx (the build's ${path.relative('.', NGINX_DIR)}/start.sh)` : 'the node stand-in';
  return { server, siteUrl, serverName };
}
