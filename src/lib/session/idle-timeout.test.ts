/**
 * The idle timeout on fake timers: the warning a minute before, the sign-out at the deadline, activity here or in
 * another tab moving both, the activity shared with the other tabs at most once per pause, and the configured value
 * checked with a fallback.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_IDLE_TIMEOUT_MINUTES, idleTimeoutMs } from '../config/idle-timeout.ts';
import { parseConfig } from '../config/config.ts';
import { SHARE_ACTIVITY_EVERY_MS, watchIdleness, type ActivityChannel, type IdleWatch } from './idle-timeout.ts';

const MINUTE = 60_000;
const TIMEOUT = 5 * MINUTE;

/** Tabs on one channel: what one posts, every other one hears. */
function tabsChannel() {
  const listeners = new Set<(at: number) => void>();
  const posts: number[] = [];
  const tab = (): ActivityChannel => {
    let own: ((at: number) => void) | undefined;
    return {
      post: (at) => {
        posts.push(at);
        for (const listener of listeners) if (listener !== own) listener(at);
      },
      listen(heard) {
        own = heard;
        listeners.add(heard);
        return () => listeners.delete(heard);
      },
    };
  };
  return { tab, posts };
}

let events: string[];
let watches: IdleWatch[];

function watch(channel?: ActivityChannel, name = 'tab') {
  const started = watchIdleness({
    timeoutMs: TIMEOUT,
    channel,
    onWarn: (deadline) => events.push(`${name} warn ${(deadline - Date.now()) / 1000}s`),
    onActive: () => events.push(`${name} active`),
    onIdle: () => events.push(`${name} idle`),
  });
  watches.push(started);
  return started;
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) });
  events = [];
  watches = [];
});
afterEach(() => {
  for (const started of watches) started.stop();
  vi.useRealTimers();
});

describe('idle timeout', () => {
  it('warns a minute before the deadline, then signs out once at it', () => {
    watch();
    vi.advanceTimersByTime(TIMEOUT - MINUTE - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['tab warn 60s']);
    vi.advanceTimersByTime(MINUTE - 1);
    expect(events).toEqual(['tab warn 60s']);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['tab warn 60s', 'tab idle']);
    vi.advanceTimersByTime(10 * TIMEOUT);
    expect(events).toHaveLength(2);
  });

  it('activity moves the deadline; while the warning shows only "stay signed in" does', () => {
    const tab = watch();
    vi.advanceTimersByTime(3 * MINUTE);
    tab.activity();
    vi.advanceTimersByTime(TIMEOUT - MINUTE - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['tab warn 60s']);
    // A key in the dialog (moving to its buttons) is no answer.
    tab.activity();
    vi.advanceTimersByTime(30_000);
    tab.stay();
    expect(events).toEqual(['tab warn 60s', 'tab active']);
    vi.advanceTimersByTime(TIMEOUT - 1);
    expect(events).toEqual(['tab warn 60s', 'tab active', 'tab warn 60s']);
    vi.advanceTimersByTime(1);
    expect(events.at(-1)).toBe('tab idle');
  });

  it('decides from the time that passed, also when its timer fires late (a slowed or sleeping tab)', () => {
    watch();
    // The clock jumps past the deadline before any timer could run (a laptop woken up).
    vi.setSystemTime(Date.now() + 2 * TIMEOUT);
    vi.advanceTimersByTime(TIMEOUT - MINUTE);
    expect(events).toEqual(['tab idle']);
  });

  it('activity in another tab counts here: the warning goes, and neither tab signs out', () => {
    const { tab, posts } = tabsChannel();
    const first = watch(tab(), 'first');
    watch(tab(), 'second');
    vi.advanceTimersByTime(TIMEOUT - MINUTE);
    expect(events).toEqual(['first warn 60s', 'second warn 60s']);
    first.stay();
    expect(events).toEqual(['first warn 60s', 'second warn 60s', 'first active', 'second active']);
    expect(posts).toEqual([Date.now()]);
    vi.advanceTimersByTime(TIMEOUT - MINUTE - 1);
    expect(events).toHaveLength(4);
    vi.advanceTimersByTime(MINUTE + 1);
    expect(events.slice(4).sort()).toEqual(['first idle', 'first warn 60s', 'second idle', 'second warn 60s'].sort());
  });

  it('shares its activity at most once per pause, and the latest one after it', () => {
    const { tab, posts } = tabsChannel();
    const first = watch(tab(), 'first');
    watch(tab(), 'second');
    const start = Date.now();
    for (let step = 0; step < 20; step++) {
      first.activity();
      vi.advanceTimersByTime(1_000);
    }
    // Activity each second for 20 seconds: the first shared at once, then the latest one once per pause.
    expect(SHARE_ACTIVITY_EVERY_MS).toBe(5_000);
    expect(posts.map((at) => at - start)).toEqual([0, 4_000, 9_000, 14_000, 19_000]);
    // The second tab follows the last shared activity: it warns a minute before that one's deadline.
    vi.advanceTimersByTime(start + 19_000 + TIMEOUT - MINUTE - Date.now() - 1);
    expect(events.filter((event) => event.startsWith('second'))).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events.filter((event) => event.startsWith('second'))).toEqual(['second warn 60s']);
  });

  it('a stopped watch says nothing more', () => {
    const tab = watch();
    tab.stop();
    tab.activity();
    vi.advanceTimersByTime(2 * TIMEOUT);
    expect(events).toEqual([]);
  });
});

describe('the configured idle timeout', () => {
  const base = {
    apiBaseUrl: '/api',
    fileStoreBaseUrl: '/files',
    brokerUrl: '/mqtt',
    brokerUsername: 'console',
    liveTopicTemplate: 'panels/{dev_id}',
  };

  it('is 30 minutes by default, and the minutes config.json names', () => {
    const warn = vi.fn();
    expect(DEFAULT_IDLE_TIMEOUT_MINUTES).toBe(30);
    expect(idleTimeoutMs(parseConfig(base), warn)).toBe(30 * MINUTE);
    expect(idleTimeoutMs(parseConfig({ ...base, idleTimeoutMinutes: 2 }), warn)).toBe(2 * MINUTE);
    expect(idleTimeoutMs(parseConfig({ ...base, idleTimeoutMinutes: 720 }), warn)).toBe(720 * MINUTE);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([1, 0, -5, 2.5, 721, '10', null, true])('falls back to the default, with a warning, for %j', (value) => {
    const warn = vi.fn();
    expect(idleTimeoutMs(parseConfig({ ...base, idleTimeoutMinutes: value }), warn)).toBe(30 * MINUTE);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toContain('"idleTimeoutMinutes" must be a whole number of minutes from 2 to 720');
  });
});
