/**
 * Whether another console tab is open, so a page that opens waits for a tab's token only when one could answer
 * (tab-handover.ts): each console tab holds a shared Web Lock for as long as it lives, and a tab that opens looks at
 * the held locks before it takes its own. Without the Web Locks API (or when the look fails) it assumes another tab
 * may be open, and waits as before.
 */

/** The lock every open console tab holds (shared: any number of tabs hold it at once). */
export const TAB_LOCK = 'console-tab';

type Locks = Pick<LockManager, 'query' | 'request'>;

let othersAtStart: Promise<boolean> | undefined;

/** Looks for other tabs, then holds this tab's lock until the tab closes (once per page). */
export function startTabPresence(locks: Locks | undefined = globalThis.navigator?.locks): Promise<boolean> {
  othersAtStart ??= (async () => {
    if (!locks) return true;
    let others = true;
    try {
      const { held = [] } = await locks.query();
      others = held.some((lock) => lock.name === TAB_LOCK);
    } catch {
      // Unknown: assume a tab may answer.
    }
    void locks.request(TAB_LOCK, { mode: 'shared' }, () => new Promise<never>(() => undefined)).catch(() => undefined);
    return others;
  })();
  return othersAtStart;
}

/** Whether another console tab was open when this one started (true when unknown or not yet looked at). */
export const otherTabsOpen = (): Promise<boolean> => othersAtStart ?? Promise.resolve(true);

/** For tests: forget what was seen. */
export function resetTabPresence(): void {
  othersAtStart = undefined;
}
