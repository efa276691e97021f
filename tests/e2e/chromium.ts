/**
 * The Chromium that the browser tests (playwright.config.ts) and the benchmarks (bench/browser-bench.ts) launch:
 * Debian's, or CHROMIUM_PATH, with the flags that work on these machines (no sandbox, no GPU, nothing in the
 * background).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
