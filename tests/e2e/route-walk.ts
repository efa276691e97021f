/**
 * Moving between routes the way a person does once the console is open: by the console's own router, not a cold
 * load per route. The router watches `history.pushState` (TanStack Router's browser history patches it), so a push
 * from the test is a navigation of the router: the page's lazy parts load under the document's policy as they would
 * after a click, and the policy-violation listener of the document keeps reporting.
 */
import { expect, type Page } from '@playwright/test';

/** Requests of the page still in flight, and when the last one started or ended. */
export interface NetworkWatch {
  /** Resolves once no request has been in flight for `quietMs` (what `networkidle` is for a cold load). */
  quiet(quietMs?: number): Promise<void>;
}

export function watchNetwork(page: Page): NetworkWatch {
  const inFlight = new Set<unknown>();
  let changed = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    changed = Date.now();
  });
  const done = (request: unknown) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    quiet: (quietMs = 300) =>
      expect
        .poll(() => inFlight.size === 0 && Date.now() - changed >= quietMs, { intervals: [50], timeout: 30_000 })
        .toBe(true),
  };
}

/**
 * Opens `url` through the console's router (the page must already show the console) and waits until the route's own
 * page is drawn: a heading of its own in the main area, not one of the page before (each is marked before the push).
 * A route that sends the session back where it was (the sign-in page, signed in) draws nothing new: the address
 * says so.
 */
export async function routeTo(page: Page, url: string): Promise<void> {
  const before = await page.evaluate((href) => {
    for (const heading of document.querySelectorAll('main h1')) heading.setAttribute('data-walked', '');
    const from = window.location.pathname;
    window.history.pushState(window.history.state, '', href);
    return from;
  }, url);
  await expect
    .poll(
      () =>
        page.evaluate(
          (from) =>
            document.querySelector('main h1:not([data-walked])') !== null ||
            (window.location.pathname === from && document.querySelector('main h1') !== null),
          before,
        ),
      { message: `the router drew ${url}`, intervals: [50], timeout: 30_000 },
    )
    .toBe(true);
}
