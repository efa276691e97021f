/**
 * The installable console, as the build writes it (vite.config.ts, vite-plugin-pwa) and as the console registers it
 * (service-worker.ts): one place for the service worker's file, what it must never answer, and the manifest.
 */
import { BROWSER_BAR_COLOURS, THEME_COLOURS } from '../theme-colours.ts';

/** The service worker: a file of the console's own origin at its root (its scope is the whole console). */
export const SERVICE_WORKER_FILE = 'sw.js';
export const WEB_MANIFEST_FILE = 'manifest.webmanifest';

/**
 * Paths the service worker never answers with the console's page (they are the server's, not the router's): the API,
 * the file store, the broker's websocket, the payment provider of the mock stack, the file-access check and the
 * runtime configuration. The service worker caches nothing at run time, so these always go to the network.
 */
export const NOT_CONSOLE_PAGES: readonly RegExp[] = [
  /^\/api(\/|$)/,
  /^\/files(\/|$)/,
  /^\/mqtt(\/|$)/,
  /^\/provider(\/|$)/,
  /^\/\.file-access(\/|$)/,
  /^\/config\.json$/,
];

/** The web app manifest: the product's name in the console's default language (Turkish), both themes' colours. */
export function webAppManifest(productName: string) {
  return {
    name: productName,
    short_name: productName,
    description: productName,
    lang: 'tr',
    start_url: '/',
    scope: '/',
    display: 'standalone' as const,
    theme_color: BROWSER_BAR_COLOURS.light,
    background_color: THEME_COLOURS.light.background,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** index.html's `theme-color` for each colour scheme (the manifest holds only one). */
export const themeColourTags = (): { name: string; media: string; content: string }[] =>
  (['light', 'dark'] as const).map((scheme) => ({
    name: 'theme-color',
    media: `(prefers-color-scheme: ${scheme})`,
    content: BROWSER_BAR_COLOURS[scheme],
  }));
