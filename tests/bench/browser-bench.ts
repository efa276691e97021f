/**
 * What the browser benchmarks (bench:forms, bench:table) share: the console built as it ships into the bench's own
 * folder and served by Vite's production preview (the policy header, config.json) proxying to the bench's mock
 * stack, Chromium's flags, a time limit on a step, and the figures' rounding and quantiles.
 */
import path from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import { ensurePortFree } from '../../mocks/ports.ts';
import type { RunningStack } from '../../mocks/stack.ts';
import { quantile } from './live/measure.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A step that must end within `ms`, or the run fails saying which. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} (${ms} ms)`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const round = (value: number | undefined, digits = 1) =>
  value === undefined ? undefined : Math.round(value * 10 ** digits) / 10 ** digits;

export interface Summary {
  count: number;
  p50Ms?: number;
  p95Ms?: number;
  maxMs?: number;
  over?: number;
}

export function summarise(values: (number | undefined)[], limit?: number): Summary {
  const sorted = values.filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(quantile(sorted, 0.5)),
    p95Ms: round(quantile(sorted, 0.95)),
    maxMs: round(sorted.at(-1)),
    over: limit === undefined ? undefined : sorted.filter((value) => value > limit).length,
  };
}

export const figures = (summary: Summary) =>
  `p50 ${summary.p50Ms ?? '–'} / p95 ${summary.p95Ms ?? '–'} / max ${summary.maxMs ?? '–'} ms`;

/** Builds the console as `npm run build` does (the project's configuration), into `<outDir>/console`. */
export async function buildConsole(outDir: string): Promise<void> {
  await build({ logLevel: 'warn', build: { outDir: path.join(outDir, 'console'), emptyOutDir: true } });
}

/**
 * The production preview of playwright.config.ts (`vite preview` on the build: the policy header, config.json),
 * proxying to this run's stack.
 */
export async function servePreview(outDir: string, port: number, stack: RunningStack): Promise<PreviewServer> {
  await ensurePortFree({ name: 'console (production preview)', port, setting: '--port-base' });
  return preview({
    logLevel: 'warn',
    build: { outDir: path.join(outDir, 'console') },
    preview: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      open: false,
      proxy: {
        '/api': { target: stack.apiUrl, changeOrigin: true },
        '/files': { target: stack.apiUrl, changeOrigin: true },
        '/mqtt': { target: stack.brokerUrl, ws: true, changeOrigin: true },
      },
    },
  });
}

/**
 * What a benchmark started, stopped again in reverse order: `cleanup()` once it is done or failed (a second call
 * waits for the first), and at once on SIGINT, SIGTERM or SIGHUP, which then ends the process (130). `stopping` says
 * a signal came, so the benchmark does not report the failures its stopping causes.
 */
export function stopOnExit(): {
  cleanups: (() => Promise<unknown>)[];
  cleanup(): Promise<void>;
  readonly stopping: boolean;
} {
  const cleanups: (() => Promise<unknown>)[] = [];
  let cleaning: Promise<void> | undefined;
  let stopping = false;
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
    })());
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      stopping = true;
      console.error(`\n${signal}: stopping what the benchmark started...`);
      setTimeout(() => process.exit(130), 10_000).unref();
      void cleanup().then(() => process.exit(130));
    });
  }
  return {
    cleanups,
    cleanup,
    get stopping() {
      return stopping;
    },
  };
}
