/**
 * A benchmark of the console under its production preview (bench:forms, bench:table), from start to end: the
 * machine's load printed, the console built into `build/<bench>/` (or reused with `--no-build`), the mock stack on
 * `--port-base`, Vite's preview in front of it, Chromium with a page in the desktop window carrying the bench's
 * in-page instrumentation; then the bench's own measuring, and its figures written to `--json` with the facts every
 * such bench states (when, the machine, Chromium, the window, the targets, the page's errors, how long it took).
 * Everything started is stopped again, also on failure and on Ctrl-C.
 */
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { runBenchmark, stopOnExit } from './bench-run.ts';
import { buildOrReuse, DESKTOP_VIEWPORT, launchChromium, servePreview, startBenchStack } from './browser-bench.ts';
import { machineFacts, machineLoad, writeFigures } from './figures.ts';

/**
 * A new context and page on the site, with the bench's in-page instrumentation installed before the page's own
 * scripts; the page's errors are printed and kept.
 */
export async function openInstrumentedPage(
  browser: Browser,
  siteUrl: string,
  instrumentation: string,
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ baseURL: siteUrl, viewport: DESKTOP_VIEWPORT });
  await context.addInitScript({ content: instrumentation });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => {
    pageErrors.push(error.message);
    console.error(`  page error: ${error.message}`);
  });
  return { context, page, pageErrors };
}

/** What a preview benchmark's own measuring is given. */
export interface PreviewPage {
  browser: Browser;
  page: Page;
  log: (line: string) => void;
}

/**
 * Runs a preview benchmark named `name` (`bench:forms`): its `measure` prints its figures and returns them for the
 * JSON; the process then ends (exit 0, or 1 with the reason when the flow broke).
 */
export async function runPreviewBenchmark(options: {
  name: string;
  flags: { 'no-build'?: boolean; 'port-base'?: string; json?: string };
  targets: object;
  instrumentation: string;
  measure(opened: PreviewPage): Promise<object>;
}): Promise<never> {
  const { name, flags } = options;
  const run = stopOnExit();
  const log = (line: string) => console.log(line);
  return runBenchmark(name, run, async () => {
    const started = Date.now();
    const outDir = path.resolve('build', name.replace(':', '-'));
    log(`${name}: ${os.cpus().length} cores, load ${machineLoad()}`);
    await buildOrReuse(outDir, flags['no-build'] ?? false, log);
    const { ports, stack } = await startBenchStack(flags['port-base']);
    run.cleanups.push(() => stack.stop());
    const site = await servePreview(outDir, ports.site, stack);
    run.cleanups.push(() => site.close());
    const siteUrl = `http://127.0.0.1:${ports.site}`;
    const browser = await launchChromium();
    run.cleanups.push(() => browser.close());
    log(`Console (production preview) on ${siteUrl} (mock API ${stack.apiUrl}), Chromium ${browser.version()}.`);

    const { context, page, pageErrors } = await openInstrumentedPage(browser, siteUrl, options.instrumentation);
    const measured = await options.measure({ browser, page, log });
    await context.close();
    const json = {
      when: new Date().toISOString(),
      machine: machineFacts(),
      chromium: browser.version(),
      viewport: DESKTOP_VIEWPORT,
      targets: options.targets,
      ...measured,
      pageErrors,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    writeFigures(flags.json!, json);
    log(`\nFigures written to ${flags.json} (${json.seconds} s in all; load ${machineLoad()}).`);
    return 0;
  });
}
