/**
 * The console's runtime configuration that points it at the local mock stack (what `npm start`, `npm run dev` and
 * `npm run preview` serve as /config.json unless CONSOLE_CONFIG names another file: scripts/console-config.ts). It
 * holds no secret: console users sign in to the broker with their access token. The console's own check of the file
 * (src/lib/config/config.ts) types it where it is served; the mock imports nothing of the console.
 */
import { MOCK_PHOTO_BASE_URL } from './photo-host.ts';
import { sessionModeOf } from './refresh-cookie.ts';

/**
 * What the local mock stack answers to: everything on the console's own host, proxied to the stack, the fake card
 * payment provider included (under `/provider/`, hence `developmentSameOriginPayments`, which the console honours on
 * a loopback host only), the photo host of the dealership requests' files (mocks/photo-host.ts) and the session mode
 * the mock runs in (`MOCK_SESSION`: the refresh cookie, or bearer-only).
 */
export const DEVELOPMENT_CONFIG = {
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
