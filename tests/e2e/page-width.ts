/**
 * A page never scrolls sideways: the document is no wider than the window's layout width (without its scroll bar),
 * whatever shows on it, a visually hidden announcement included. A sideways scroll slides the content under the side
 * menu at a desktop width and off the screen on a phone.
 */
import { expect, type Page } from '@playwright/test';

/** What makes the page scroll sideways as it is now: the overflow and the elements reaching past the right edge. */
export async function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    if (overflow <= 0) return [];
    // The outermost elements reaching past the edge, to name the cause in the failure.
    const past = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        element.getBoundingClientRect().right > root.clientWidth + 0.5 &&
        !(element.parentElement && element.parentElement.getBoundingClientRect().right > root.clientWidth + 0.5),
    );
    const named = past
      .slice(0, 3)
      .map((element) => {
        const testId = element.getAttribute('data-testid');
        return `<${element.tagName.toLowerCase()}${testId ? ` data-testid="${testId}"` : ''} class="${element.className}">`;
      })
      .join(', ');
    return [
      `scrolls ${overflow} px sideways (scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}): ${named}`,
    ];
  });
}

/** The page as it is now does not scroll sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await sidewaysScroll(page)).toEqual([]);
}
