import { defineConfig, type Connect, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { localConsoleConfig } from './scripts/console-config.ts';
import { securityHeaders, STATIC_SECURITY_HEADERS } from './src/lib/config/security-headers.ts';
import { nginxDeployPlugin } from './deploy/nginx/build-plugin.ts';
import { localePartsPlugin } from './codegen/locale-parts.ts';
import { previewFileAccessPlugin } from './mocks/preview-file-access.ts';
import { quietProxyLogPlugin } from './mocks/proxy-log.ts';
import { firstScreenChunks } from './codegen/first-screen-chunk.ts';
import { lazyNumberFormatPlugin } from './codegen/lazy-number-format.ts';
import { VitePWA } from 'vite-plugin-pwa';
import {
  NOT_CONSOLE_PAGES,
  SERVICE_WORKER_FILE,
  WEB_MANIFEST_FILE,
  themeColourTags,
  webAppManifest,
} from './src/app/pwa/web-app.ts';
import tr from './locales/tr.json' with { type: 'json' };
import LANGUAGES from './locales/languages.json' with { type: 'json' };

// `npm run dev` runs the console alone and proxies to a backend and broker already running:
// API_TARGET (default: the mock API of `npm start`) and BROKER_TARGET (default: its broker).
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:4010';
const brokerTarget = process.env.BROKER_TARGET ?? 'ws://127.0.0.1:9001';

// config.json is deployment data, not part of the build (dist/ ships config.example.json only). Locally the dev and
// preview servers answer /config.json themselves: the mock stack's settings, or the file named by CONSOLE_CONFIG.
const consoleConfig = localConsoleConfig();

const consoleConfigPlugins = (): Plugin[] => {
  const body = JSON.stringify(consoleConfig, null, 2);
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    if (req.url?.split('?')[0] !== '/config.json') return next();
    res.setHeader('content-type', 'application/json');
    res.setHeader('cache-control', 'no-store');
    res.end(body);
  };
  const sendHeaders =
    (headers: Record<string, string>): Connect.NextHandleFunction =>
    (_req, res, next) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      next();
    };
  return [
    {
      name: 'console-config:serve',
      configureServer: (server) => {
        // The dev server sends every security header but the policy: Vite's hot reload injects inline scripts.
        server.middlewares.use(sendHeaders(STATIC_SECURITY_HEADERS));
        server.middlewares.use(serve);
      },
      configurePreviewServer: (server) => {
        // The production preview sends every security header the console ships with (the same as deploy/nginx/) on
        // every answer, the SPA fallback and the proxied ones included, which `preview.headers` does not reach.
        server.middlewares.use(sendHeaders(securityHeaders(consoleConfig)));
        server.middlewares.use(serve);
      },
    },
    {
      name: 'console-config:keep-out-of-dist',
      apply: 'build',
      buildStart() {
        if (existsSync(fileURLToPath(new URL('./public/config.json', import.meta.url)))) {
          this.error('public/config.json would be copied into dist/: keep a local config elsewhere (CONSOLE_CONFIG).');
        }
      },
    },
  ];
};

// The entry's closure is one chunk, the signed-in pages' frame another (codegen/first-screen-chunk.ts).
// The offline view is one too: boot loads it when config.json cannot be reached, so the service worker precaches it.
const firstScreen = firstScreenChunks([
  { name: 'signed-in', module: 'src/app/layout/app-layout.tsx' },
  { name: 'offline-view', module: 'src/app/pwa/offline-view.ts' },
]);

/**
 * The installable console (README: "Installable, works offline"): the web app manifest, index.html's theme colours
 * from the theme's own constants, and a Workbox service worker (sw.js, one file: Workbox inlined) that precaches the
 * shell (index.html), the hashed scripts and styles, the language files and the icons, and answers every page of the
 * router with the precached index.html. It caches nothing at run time, so the API, the file store, anything sent
 * with a token and config.json always go to the network. The console registers it itself (src/app/pwa/), lazily and
 * only in a build: no inline script (the CSP's script-src 'self'), nothing on the sign-in page's path.
 */
const pwaPlugins = (): Plugin[] => [
  ...VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: false,
    filename: SERVICE_WORKER_FILE,
    manifestFilename: WEB_MANIFEST_FILE,
    manifest: webAppManifest(tr.app.productName),
    workbox: {
      // Precached: what the first screens run (index.html, the entry's chunk with the sign-in page, the signed-in
      // frame's chunk and the offline view's: codegen/first-screen-chunk.ts), every language's texts and the icons
      // (emotion writes the styles at run time: the build has no stylesheet). About 0.3 MB compressed, where the
      // whole build is 1.2 MB: on a phone's network the install must not hold the line for the minutes after
      // sign-in. Any other hashed script is kept when a page first loads it (below).
      globPatterns: [
        'index.html',
        'favicon*.svg',
        `assets/{${['index', 'rolldown-runtime', ...firstScreen.groups.map((group) => group.name), ...LANGUAGES.map((language) => language.code)].join(',')}}-*.js`,
      ],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [...NOT_CONSOLE_PAGES],
      // The one thing cached at run time: the build's hashed files (/assets/, immutable, public, never sent with a
      // token), the first time a page loads one, so the pages a person has opened open offline too. Nothing else:
      // no /api, /files, config.json or other answer is ever kept.
      runtimeCaching: [
        {
          urlPattern: /\/assets\/[^/]+-[\w-]{8}\.(?:js|css|svg|png|woff2?)$/,
          handler: 'CacheFirst',
          options: {
            cacheName: 'console-assets',
            expiration: { maxEntries: 400, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
      cleanupOutdatedCaches: true,
      inlineWorkboxRuntime: true,
      // A new version waits until the person chooses "Reload" (src/app/pwa/pwa-notices.tsx).
      skipWaiting: false,
      clientsClaim: false,
    },
  }),
  {
    name: 'console-theme-colours',
    transformIndexHtml: () => themeColourTags().map((attrs) => ({ tag: 'meta', attrs, injectTo: 'head' as const })),
  },
];

export default defineConfig({
  plugins: [
    firstScreen.plugin,
    // MUI's locale packs make their number formatter on first use, not on the first screen.
    lazyNumberFormatPlugin(),
    react(),
    localePartsPlugin(),
    ...consoleConfigPlugins(),
    nginxDeployPlugin(),
    previewFileAccessPlugin(apiTarget),
    // The proxy's reports of a page that reloaded or closed say nothing; a server not answering, one line.
    quietProxyLogPlugin(),
    ...pwaPlugins(),
  ],
  // Generated code is imported through one alias: `@generated/api/...`, never `../../generated`.
  resolve: { alias: { '@generated': fileURLToPath(new URL('./generated', import.meta.url)) } },
  // Crawl every page up front, so a first (cold) start never re-optimises dependencies while a lazily loaded
  // page is already running (which reloads modules under it).
  optimizeDeps: { entries: ['index.html', 'src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}'] },
  server: {
    // Build output (dist/, build/ of the browser tests and benchmarks) is not source: a build must not reload pages.
    watch: { ignored: ['**/dist/**', '**/build/**', '**/test-results/**'] },
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/files': { target: apiTarget, changeOrigin: true },
      // The mock stack's fake card payment provider (mocks/payment-provider/provider.ts).
      '/provider': { target: apiTarget, changeOrigin: true },
      '/mqtt': { target: brokerTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    chunkSizeWarningLimit: 800,
    // Current browsers preload modules themselves (`<link rel="modulepreload">`: Chromium, Firefox 115+, Safari
    // 17+); the polyfill would cost every page, the sign-in page first, about 0.2 kB. An older browser loads a page's
    // modules as it meets them: slower, never wrong.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The generated client declares and never runs anything on import, and its large modules only re-export their
      // areas (codegen/split-modules.ts): so a page bundles the areas it calls, not every area the contract has.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]generated[\\/]api[\\/]/.test(id) },
      output: { codeSplitting: { groups: firstScreen.groups } },
    },
  },
});
