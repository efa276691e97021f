/**
 * The security notices against the live store's real gate (a recording transport stands in for the broker): a
 * panel's `security_notice` becomes a notice (never merged into the panel's record), one per panel, the same lock
 * heard again does not come back, a dismissal reaches the other tabs over a BroadcastChannel, a malformed notice is
 * refused by the gate, and the session's end forgets them.
 */
import { describe, expect, it } from 'vitest';
import { LiveStore } from '../live/live-store.ts';
import type { LiveTransport } from '../live/live-types.ts';
import { memoryStorage } from '../../../tests/support/memory-storage.ts';
import { AlarmWatch } from './alarm-watch.ts';
import { MAX_NOTICES, SecurityNoticeBook } from './security-notices.ts';

const PANEL = 864215040012345;
const OTHER = 864215040023456;

const notice = (changes: Record<string, unknown> = {}) => ({
  kind: 'pin_lockout',
  at: '2026-11-20T14:40:00Z',
  failures: 5,
  scope: 'account',
  locked_until: '2026-11-20T14:55:00Z',
  ...changes,
});

function liveStore() {
  let onMessage: (topic: string, payload: Uint8Array) => void = () => undefined;
  const frames: (() => void)[] = [];
  const transport: LiveTransport = {
    subscribe: (topics) => Promise.resolve(topics.map(() => true)),
    unsubscribe: () => undefined,
    onMessage: (handler) => void (onMessage = handler),
    onStatus: () => undefined,
    end: () => undefined,
  };
  const store = new LiveStore(transport, 'panels/{dev_id}', {
    schedule: (flush) => void frames.push(flush),
    releaseDelayMs: 0,
    now: () => 50_000,
    clock: () => 0,
  });
  return {
    store,
    send(devId: number, payload: unknown) {
      onMessage(`panels/${devId}`, new TextEncoder().encode(JSON.stringify(payload)));
      frames.splice(0).forEach((flush) => flush());
    },
  };
}

function watched() {
  const live = liveStore();
  const watch = new AlarmWatch(live.store, {
    storage: memoryStorage() as unknown as Storage,
    Channel: null,
    target: null,
  });
  watch.setFleet([
    { devId: PANEL, description: 'Merkez Ofis' },
    { devId: OTHER, description: 'Depo' },
  ]);
  return { live, watch };
}

describe('security notices from the live feed', () => {
  it('turns a security_notice into a notice, without touching the panel’s record', () => {
    const { live, watch } = watched();
    live.send(PANEL, { dev_id: PANEL, security_notice: notice() });
    expect(watch.notices.list()).toEqual([
      {
        id: `${PANEL}-${Date.parse('2026-11-20T14:40:00Z')}`,
        devId: PANEL,
        at: Date.parse('2026-11-20T14:40:00Z'),
        lockedUntil: Date.parse('2026-11-20T14:55:00Z'),
        scope: 'account',
        failures: 5,
        receivedAt: 50_000,
      },
    ]);
    expect(watch.notices.lastRaised()).toEqual(watch.notices.list());
    // A message with only the notice changes nothing of the panel; one with state as well merges only the state.
    expect(live.store.get(PANEL)).toBeUndefined();
    live.send(PANEL, { gsmlevel: 40, security_notice: notice({ at: '2026-11-20T15:00:00Z' }) });
    expect(live.store.get(PANEL)?.state).toEqual({ dev_id: PANEL, gsmlevel: 40 });
    expect(watch.notices.list()).toHaveLength(1);
    expect(watch.notices.list()[0]!.at).toBe(Date.parse('2026-11-20T15:00:00Z'));
    watch.close();
  });

  it('refuses a notice the contract does not allow (one that names who, or lacks its end)', () => {
    const { live, watch } = watched();
    live.send(PANEL, { security_notice: { ...notice(), account: 'someone' } });
    live.send(PANEL, { security_notice: { kind: 'pin_lockout', at: '2026-11-20T14:40:00Z', failures: 5 } });
    expect(watch.notices.list()).toEqual([]);
    expect(live.store.getDiagnostics().invalid).toBe(2);
    watch.close();
  });

  it('keeps one notice per panel: the same lock heard again changes nothing, unless it grew', () => {
    const { live, watch } = watched();
    live.send(PANEL, { security_notice: notice() });
    const first = watch.notices.list();
    live.send(PANEL, { security_notice: notice() });
    expect(watch.notices.list()).toBe(first);
    live.send(PANEL, { security_notice: notice({ scope: 'panel', locked_until: '2026-11-20T15:10:00Z' }) });
    expect(watch.notices.list()).toMatchObject([{ devId: PANEL, scope: 'panel' }]);
    // An older lock arriving late does not replace a newer one.
    live.send(PANEL, { security_notice: notice({ at: '2026-11-20T14:00:00Z' }) });
    expect(watch.notices.list()).toMatchObject([{ scope: 'panel' }]);
    live.send(OTHER, { security_notice: notice() });
    expect(watch.notices.list().map((item) => item.devId)).toEqual([OTHER, PANEL]);
    watch.close();
  });

  it('dismisses a notice for good, and forgets every notice when the session ends', () => {
    const { live, watch } = watched();
    live.send(PANEL, { security_notice: notice() });
    watch.dismissNotice(watch.notices.list()[0]!.id);
    expect(watch.notices.list()).toEqual([]);
    live.send(PANEL, { security_notice: notice() });
    expect(watch.notices.list()).toEqual([]);
    live.send(PANEL, { security_notice: notice({ at: '2026-11-20T16:00:00Z' }) });
    expect(watch.notices.list()).toHaveLength(1);
    watch.notices.clear();
    expect(watch.notices.list()).toEqual([]);
    watch.close();
  });

  it('keeps a bounded list, newest first', () => {
    const book = new SecurityNoticeBook();
    for (let index = 0; index < MAX_NOTICES + 5; index++) {
      book.observe({ devId: index, notice: notice() as never, receivedAt: index });
    }
    expect(book.list()).toHaveLength(MAX_NOTICES);
    expect(book.list()[0]!.devId).toBe(MAX_NOTICES + 4);
  });
});

describe('dismissals across tabs', () => {
  it('one tab’s dismissal reaches the other over a BroadcastChannel', async () => {
    const tabs = [liveStore(), liveStore()];
    const [a, b] = tabs.map(
      (live) => new AlarmWatch(live.store, { storage: memoryStorage() as unknown as Storage, target: null }),
    ) as [AlarmWatch, AlarmWatch];
    for (const watch of [a, b]) watch.setFleet([{ devId: PANEL, description: 'Merkez Ofis' }]);
    for (const live of tabs) live.send(PANEL, { security_notice: notice() });
    expect(b.notices.list()).toHaveLength(1);
    a.dismissNotice(a.notices.list()[0]!.id);
    await expect.poll(() => b.notices.list()).toEqual([]);
    a.close();
    b.close();
  });
});
