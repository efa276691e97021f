import { afterEach, describe, expect, it, vi } from 'vitest';
import { otherTabsOpen, resetTabPresence, startTabPresence, TAB_LOCK } from './tab-presence.ts';

/** Web Locks as a browser keeps them: the held locks of every tab of the origin. */
function lockManager(held: string[]) {
  const request = vi.fn((name: string) => {
    held.push(name);
    return new Promise<never>(() => undefined);
  });
  return {
    query: vi.fn(async () => ({ held: held.map((name) => ({ name, mode: 'shared' as const })), pending: [] })),
    request: request as unknown as LockManager['request'],
    requested: request,
  };
}

afterEach(resetTabPresence);

describe('tab presence', () => {
  it('sees no other tab in a lone tab, then holds its own lock', async () => {
    const locks = lockManager([]);
    expect(await startTabPresence(locks)).toBe(false);
    expect(await otherTabsOpen()).toBe(false);
    expect(locks.requested).toHaveBeenCalledWith(TAB_LOCK, { mode: 'shared' }, expect.any(Function));
  });

  it('sees a tab that holds the lock, and looks only once per page', async () => {
    const locks = lockManager([TAB_LOCK]);
    expect(await startTabPresence(locks)).toBe(true);
    await startTabPresence(locks);
    expect(locks.query).toHaveBeenCalledTimes(1);
  });

  it('assumes another tab may answer when it cannot tell', async () => {
    expect(await otherTabsOpen()).toBe(true);
    expect(await startTabPresence(undefined)).toBe(true);
    resetTabPresence();
    const failing = { query: () => Promise.reject(new Error('denied')), request: lockManager([]).request };
    expect(await startTabPresence(failing)).toBe(true);
  });
});
