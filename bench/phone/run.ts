/**
 * One bench:phone run in a new browser context (cold: an empty HTTP cache, no storage): /login until usable, the
 * sign-in until the panel list is live, then, once the service worker is active, the same context signed out and
 * /login loaded again (the second visit), and a new tab of it beside.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { paths } from '../../src/lib/routing/paths.ts';
import { LIVE_TEXT, log, PHONE } from './plan.ts';
import { PROBE, probeState, waitFor } from './probe.ts';
import {
  fetchedResources,
  phoneTab,
  scriptsUntil,
  type ScriptAnswers,
  type Scripts,
  type Waterfall,
  type Fetched,
} from './resources.ts';

export interface RunResult {
  loginColdMs: number;
  signInToLiveMs: number;
  loginWarmMs: number;
  loginNewTabMs: number;
  loginJs: Scripts;
  flowJs: Scripts;
  warmLoginJs: Scripts;
  panelsShown: number;
  /** What the cold page fetched up to the live panel list, with the moments measured (`--waterfall`). */
  waterfall: Waterfall;
  /** What the second visit fetched until /login was usable (`--waterfall`). */
  warmWaterfall: { fetched: Fetched[]; usable: number };
  /** The service worker before the second visit: its state, and how long after the live list it was ready. */
  serviceWorker: { state: string; waitedMs: number };
  coldScripts: ScriptAnswers;
  warmScripts: ScriptAnswers;
}

/** One run: /login cold, sign-in to the live panel list, then the second visit and a new tab. `profileDir`: a folder
 * for a CPU profile of the cold /login. */
export async function runOnce(
  browser: Browser,
  siteUrl: string,
  username: string,
  profileDir: string | undefined,
): Promise<RunResult> {
  const context = await browser.newContext({ ...PHONE, baseURL: siteUrl });
  try {
    await context.addInitScript({ content: PROBE });
    const cold = await phoneTab(context);
    // `--profile <dir>`: a CPU profile of the cold sign-in page's main thread, from navigation to usable.
    if (profileDir) {
      await cold.cdp.send('Profiler.enable');
      await cold.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cold.cdp.send('Profiler.start');
    }
    await cold.page.goto(paths.login, { waitUntil: 'commit' });
    await waitFor(cold.page, 'usable', '/login did not become usable');
    const atUsable = await probeState(cold.page);
    if (profileDir) {
      const { profile } = await cold.cdp.send('Profiler.stop');
      mkdirSync(profileDir, { recursive: true });
      const file = path.join(profileDir, `login-cold-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      log(`   CPU profile of the cold /login: ${file} (open it in Chromium's DevTools, Performance)`);
    }
    const loginJs = await scriptsUntil(cold.page, atUsable.usable!);

    await cold.page.locator('form input[autocomplete="username"]').fill(username);
    await cold.page.locator('form input[autocomplete="current-password"]').fill('phone-bench-password');
    await cold.page.locator('form button[type="submit"]').click();
    await waitFor(cold.page, 'live', `the panel list with "${LIVE_TEXT}" did not show after sign-in`);
    const atLive = await probeState(cold.page);
    if (atLive.click === undefined) throw new Error('the click on sign-in was not seen by the probe');
    const flowJs = await scriptsUntil(cold.page, atLive.live!);
    const waterfall = {
      fetched: await fetchedResources(cold.page),
      usable: atUsable.usable!,
      click: atLive.click,
      live: atLive.live!,
    };

    // A person comes back later: by then the console's service worker (registered by the signed-in frame once the
    // page is idle) has installed and precached the first screens. Wait for it, or say that it did not come.
    const workerStart = Date.now();
    const worker = await cold.page
      .evaluate(() =>
        Promise.race([
          navigator.serviceWorker.ready.then((registration) => registration.active?.state ?? 'none'),
          new Promise<string>((resolve) => setTimeout(() => resolve('not active after 60 s'), 60_000)),
        ]),
      )
      .catch((error: unknown) => `unavailable (${error instanceof Error ? error.message : String(error)})`);
    const serviceWorker = { state: worker, waitedMs: Date.now() - workerStart };

    // Signed out, the HTTP cache kept: the second visit, /login loaded again in the same tab.
    const signOut = (page: Page) =>
      page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    await signOut(cold.page);
    const coldAnswers = { ...cold.answers, other: [...cold.answers.other] };
    Object.assign(cold.answers, { total: 0, gzip: 0, fromCache: 0, small: 0, other: [] });
    await cold.page.goto(paths.login, { waitUntil: 'commit' });
    await waitFor(cold.page, 'usable', '/login did not become usable on the second visit');
    const atWarm = await probeState(cold.page);
    const warmLoginJs = await scriptsUntil(cold.page, atWarm.usable!);
    const warmWaterfall = { fetched: await fetchedResources(cold.page), usable: atWarm.usable! };
    const warmAnswers = cold.answers;
    await cold.page.close();
    // And in a new tab of the same browser (a new renderer: the HTTP cache only), printed beside it.
    const tab = await phoneTab(context);
    await tab.page.goto(paths.login, { waitUntil: 'commit' });
    await waitFor(tab.page, 'usable', '/login did not become usable in a new tab');
    const atNewTab = await probeState(tab.page);
    await tab.page.close();
    return {
      loginColdMs: atUsable.usable!,
      signInToLiveMs: atLive.live! - atLive.click,
      loginWarmMs: atWarm.usable!,
      loginNewTabMs: atNewTab.usable!,
      loginJs,
      flowJs,
      warmLoginJs,
      panelsShown: atLive.panels,
      waterfall,
      warmWaterfall,
      serviceWorker,
      coldScripts: coldAnswers,
      warmScripts: warmAnswers,
    };
  } finally {
    await context.close();
  }
}
