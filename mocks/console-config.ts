/**
 * The console's runtime configuration for local use: `npm start`, `npm run dev` and `npm run preview` serve it as
 * /config.json (see vite.config.ts); it is never written into dist/. CONSOLE_CONFIG names a config.json file to
 * serve instead (for example one pointing at a real backend). It holds no secret: console users sign in to the
 * broker with their access token.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseConfig, type ConsoleConfig } from '../src/lib/config/config.ts';
import { MOCK_PHOTO_BASE_URL } from './photo-host.ts';
import { sessionModeOf } from './refresh-cookie.ts';

/**
 * What the local mock stack answers to: everything on the console's own host, proxied to the stack, the fake card
 * payment provider included (under `/provider/`, hence `developmentSameOriginPayments`, which the console honours on
 * a loopback host only), the photo host of the dealership requests' files (mocks/photo-host.ts) and the session mode
 * the mock runs in (`MOCK_SESSION`: the refresh cookie, or bearer-only).
 */
export const DEVELOPMENT_CONFIG: ConsoleConfig = {
  apiBaseUrl: '/api',
  fileStoreBaseUrl: '/files',
  brokerUrl: '/mqtt',
  brokerUsername: 'console',
  liveTopicTemplate: 'panels/{dev_id}',
  developmentSameOriginPayments: true,
  photoBaseUrl: MOCK_PHOTO_BASE_URL,
  // The console keeps its session as the mock does (MOCK_SESSION): the refresh cookie, or bearer-only.
  session: sessionModeOf(),
};

/** The configuration to serve locally: the CONSOLE_CONFIG file (checked like the console checks it) or the default. */
export function localConsoleConfig(file = process.env.CONSOLE_CONFIG): ConsoleConfig {
  if (!file) return DEVELOPMENT_CONFIG;
  return parseConfig(JSON.parse(readFileSync(path.resolve(file), 'utf8')));
}
