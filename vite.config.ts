import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// `npm run dev` runs the console alone and proxies to a backend and broker already running:
// API_TARGET (default: the mock API of `npm start`) and BROKER_TARGET (default: its broker).
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:4010';
const brokerTarget = process.env.BROKER_TARGET ?? 'ws://127.0.0.1:9001';

export default defineConfig({
  plugins: [react()],
  // Generated code is imported through one alias: `@generated/api/...`, never `../../generated`.
  resolve: { alias: { '@generated': fileURLToPath(new URL('./generated', import.meta.url)) } },
  // Crawl every page up front, so a first (cold) start never re-optimises dependencies while a lazily loaded
  // page is already running (which reloads modules under it).
  optimizeDeps: { entries: ['index.html', 'src/**/*.tsx'] },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/files': { target: apiTarget, changeOrigin: true },
      '/mqtt': { target: brokerTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    chunkSizeWarningLimit: 800,
  },
});
