/**
 * bench:phone's phone and its goals: the device, the network and CPU it is slowed to, the goals of each figure, where
 * the build goes, and the Turkish texts the probe waits for.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { nginxDeployDir } from '../../deploy/nginx/build-plugin.ts';

export const OUT_DIR = path.resolve('build/bench-phone');
export const CONSOLE_DIR = path.join(OUT_DIR, 'console');
export const NGINX_DIR = nginxDeployDir(CONSOLE_DIR);
export const NGINX_RUNTIME = path.join(OUT_DIR, 'nginx-runtime');

/** The phone: a Pixel 7's CSS viewport, pixel ratio 3, touch, in Turkish. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'tr-TR',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
} as const;
/** Lighthouse's "Slow 4G" as CDP takes it: latency in ms, throughput in bytes per second (1.6 Mbps, 750 kbps). */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
} as const;
export const CPU_SLOWDOWN = 4;

/** The goals (ms, bytes as kB of 1000, files). */
export const GOALS = {
  loginColdMs: 1800,
  signInToLiveMs: 3000,
  loginWarmMs: 500,
  loginJsBytes: 150_000,
  loginJsFiles: 10,
  flowJsBytes: 350_000,
} as const;

export const TR = JSON.parse(readFileSync('locales/tr.json', 'utf8')) as {
  auth: { login: { username: string; password: string } };
  panels: { live: { connected: string } };
};
/** The live chip's text when the feed is up, "Canlı". */
export const LIVE_TEXT = TR.panels.live.connected;

export const log = (line: string) => console.log(line);
