/** The console's panel list as bench:live drives it: the whole fleet loaded, a view chosen, the panels rendered. */
import type { Page } from 'playwright-core';
import { contractToken, openSignedIn } from '../../tests/e2e/support.ts';
import { log } from './plan.ts';
import type { SiteOptions } from './serve.ts';

export type ViewName = 'list' | 'card';

/** Opens /Panels and loads the whole fleet ("More panels" until every panel is there), back at the top. */
export async function openPanelList(page: Page, fleet: SiteOptions['fleet']): Promise<void> {
  fleet.loaded = 0;
  await openSignedIn(page, 'user', '/Panels', 'en', contractToken('user'));
  await page.locator('[data-testid^="panel-8"]').first().waitFor({ timeout: 60_000 });
  const started = Date.now();
  // Clicked inside the page, as fast as the list takes it: each click asks for the next page and waits for it.
  const loaded = (await page.evaluate(CLICK_MORE_UNTIL_DONE)) as number;
  if (loaded < fleet.size) throw new Error(`"More panels" stopped at ${loaded} of ${fleet.size} panels`);
  log(`   (the list loaded ${fleet.size} panels with "More panels" in ${Math.round((Date.now() - started) / 1000)} s)`);
  await page
    .getByTestId('live-status')
    .filter({ hasText: /^Live$/ })
    .waitFor({ timeout: 30_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Clicks "More panels" until it is gone; resolves with the count of panels the list says it shows. */
const CLICK_MORE_UNTIL_DONE = `(async () => {
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const count = () => document.querySelector('[data-testid="panel-count"]')?.textContent ?? '';
  const shown = () => Number((/([0-9]+)/.exec(count()) ?? ['', '0'])[1]);
  const deadline = Date.now() + 600000;
  for (;;) {
    const more = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'More panels');
    if (!more) return shown();
    if (Date.now() > deadline) return shown();
    const before = count();
    more.click();
    while (count() === before && Date.now() < deadline) await sleep(5);
  }
})()`;

/** Switches the list to a view (the person's toggle) and lets the rows on screen subscribe and the rest let go. */
export async function showView(page: Page, view: ViewName): Promise<void> {
  const toggle = page.getByRole('button', { name: view === 'list' ? 'List view' : 'Card view' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  // Subscriptions go out in batches and a panel scrolled away is released after a grace period of a few seconds.
  await page.waitForTimeout(4000);
}

/** Device ids of the panels the page has rendered (the ones the list subscribes: on screen plus its margin). */
export const renderedPanels = async (page: Page): Promise<Set<number>> =>
  new Set(
    await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid^="panel-"]')]
        .map((element) => /^panel-(\d+)$/.exec(element.getAttribute('data-testid') ?? '')?.[1])
        .filter((id): id is string => id !== undefined)
        .map(Number),
    ),
  );
