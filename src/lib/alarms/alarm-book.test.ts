/**
 * The alarm model against the live store's real frames (a recording transport stands in for the broker): an alarm or
 * fire alarm flag raises an alarm with the zones and partitions its message names, updates add to it without
 * raising it again, clearing marks it and keeps it, acknowledgements (own, another tab's, remembered) and the
 * cross-tab sync over a BroadcastChannel and over storage events.
 */
import { describe, expect, it } from 'vitest';
import { LiveStore } from '../live/live-store.ts';
import type { LiveTransport } from '../live/live-types.ts';
import { AlarmBook, MAX_KEPT_ALARMS } from './alarm-book.ts';
import { createAckSync, ACKS_KEY, LAST_ACK_KEY } from './alarm-sync.ts';
import { AlarmWatch } from './alarm-watch.ts';

const PANEL = 864215040012345;
const OTHER = 864215040023456;

function liveStore() {
  let onMessage: (topic: string, payload: Uint8Array) => void = () => undefined;
  const frames: (() => void)[] = [];
  let now = 10_000;
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
    now: () => now,
    // Each message is handed over at once: no time passes for the store's slices of the socket's messages.
    clock: () => 0,
  });
  return {
    store,
    /** One message, then the frame that hands it over. */
    send(devId: number, payload: unknown, at = now + 1000) {
      now = at;
      onMessage(`panels/${devId}`, new TextEncoder().encode(JSON.stringify(payload)));
      frames.splice(0).forEach((flush) => flush());
    },
  };
}

function setup() {
  const live = liveStore();
  const book = new AlarmBook();
  live.store.listenChanges((changes) => book.observe(changes));
  live.store.watch(PANEL);
  live.store.watch(OTHER);
  return { ...live, book };
}

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear = () => this.items.clear();
  getItem = (key: string) => this.items.get(key) ?? null;
  key = (index: number) => [...this.items.keys()][index] ?? null;
  removeItem = (key: string) => void this.items.delete(key);
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
}

describe('the alarm book', () => {
  it('raises an alarm with the zones and partitions its message names, since when it was heard', () => {
    const { book, send } = setup();
    send(PANEL, { KLStatus: { alarm: 0 }, armed: true }, 11_000);
    expect(book.list()).toEqual([]);
    send(
      PANEL,
      {
        KLStatus: { alarm: 1 },
        zones: [
          { zone_no: 2, zone_status: 1 },
          { zone_no: 4, zone_status: 0 },
        ],
        PartList: [
          { partno: 1, name: 'Depo On', armed: 1 },
          { partno: 2, armed: false },
        ],
      },
      12_000,
    );
    expect(book.list()).toEqual([
      expect.objectContaining({
        devId: PANEL,
        kind: 'alarm',
        zones: [3],
        partitions: [{ partno: 1, name: 'Depo On' }],
        since: 12_000,
      }),
    ]);
    expect(book.lastRaised()).toEqual(book.list());
  });

  it('raises a fire alarm apart, and an alarm already on when the panel is first heard', () => {
    const { book, send } = setup();
    send(OTHER, { KLStatus: { alarm: true, firealarm: true } });
    expect(
      book
        .list()
        .map((alarm) => alarm.kind)
        .sort(),
    ).toEqual(['alarm', 'fire']);
  });

  it('adds what later messages name without raising the alarm again, and says nothing for other updates', () => {
    const { book, send } = setup();
    send(PANEL, { KLStatus: { alarm: 1 }, zones: [{ zone_no: 0, zone_status: 1 }] });
    const raised = book.lastRaised();
    let told = 0;
    book.listen(() => (told += 1));
    send(PANEL, { status_desc: 'Alarm', gsmlevel: 60 });
    expect(told).toBe(0);
    send(PANEL, { zones: [{ zone_no: 5, zone_status: 1 }] });
    expect(told).toBe(1);
    expect(book.list()).toHaveLength(1);
    expect(book.list()[0]!.zones).toEqual([1, 6]);
    expect(book.lastRaised()).toBe(raised);
  });

  it('marks an alarm the panel clears as cleared and keeps it; the next one is a new alarm', () => {
    const { book, send } = setup();
    send(PANEL, { KLStatus: { alarm: 1 } }, 20_000);
    send(PANEL, { KLStatus: { alarm: 0 } }, 25_000);
    expect(book.list()).toEqual([expect.objectContaining({ since: 20_000, clearedAt: 25_000 })]);
    send(PANEL, { KLStatus: { alarm: 1 } }, 30_000);
    expect(book.list().map((alarm) => [alarm.since, alarm.clearedAt])).toEqual([
      [30_000, undefined],
      [20_000, 25_000],
    ]);
  });

  it('acknowledges one alarm with who and when, once', () => {
    const { book, send } = setup();
    send(PANEL, { KLStatus: { alarm: 1 } });
    send(OTHER, { KLStatus: { alarm: 1 } });
    const [other, panel] = book.list();
    expect(book.acknowledge(panel!.id, 'user', 50_000)).toEqual({
      devId: PANEL,
      kind: 'alarm',
      at: 50_000,
      by: 'user',
    });
    expect(book.acknowledge(panel!.id, 'someone', 60_000)).toBeUndefined();
    expect(book.list().find((alarm) => alarm.id === panel!.id)).toMatchObject({
      acknowledgedAt: 50_000,
      acknowledgedBy: 'user',
    });
    expect(book.list().find((alarm) => alarm.id === other!.id)?.acknowledgedAt).toBeUndefined();
  });

  it('takes another tab’s acknowledgement for the alarm it heard before it, not for a later one', () => {
    const { book, send } = setup();
    send(PANEL, { KLStatus: { alarm: 1 } }, 40_000);
    book.acknowledgeMatching({ devId: PANEL, kind: 'alarm', at: 39_990, by: 'user' });
    expect(book.list()[0]).toMatchObject({ acknowledgedBy: 'user' });
    send(PANEL, { KLStatus: { alarm: 0 } }, 41_000);
    send(PANEL, { KLStatus: { alarm: 1 } }, 90_000);
    book.acknowledgeMatching({ devId: PANEL, kind: 'alarm', at: 40_000, by: 'user' });
    expect(book.list()[0]!.acknowledgedAt).toBeUndefined();
    book.acknowledgeMatching({ devId: PANEL, kind: 'fire', at: 95_000, by: 'user' });
    expect(book.list()[0]!.acknowledgedAt).toBeUndefined();
  });

  it('forgets every alarm when the session ends, and raises again what is still on afterwards', () => {
    const { book, send } = setup();
    send(PANEL, { KLStatus: { alarm: 1 } });
    book.clear();
    expect(book.list()).toEqual([]);
    expect(book.lastRaised()).toEqual([]);
    send(PANEL, { KLStatus: { alarm: 1 }, zones: [{ zone_no: 0, zone_status: 1 }] });
    expect(book.list()).toEqual([expect.objectContaining({ devId: PANEL, zones: [1] })]);
  });

  it('keeps every unfinished alarm and the newest finished ones', () => {
    const { book, send } = setup();
    for (let i = 0; i < MAX_KEPT_ALARMS + 20; i++) {
      send(PANEL, { KLStatus: { alarm: 1 } });
      book.acknowledge(book.list()[0]!.id, 'user', i);
      send(PANEL, { KLStatus: { alarm: 0 } });
    }
    send(OTHER, { KLStatus: { alarm: 1 } });
    expect(book.list()).toHaveLength(MAX_KEPT_ALARMS);
    expect(book.list()[0]!.devId).toBe(OTHER);
  });
});

describe('acknowledgements across tabs', () => {
  it('one tab’s acknowledgement reaches the other over a BroadcastChannel, and a new tab remembers it', async () => {
    const storage = new MemoryStorage();
    const tabA = liveStore();
    const tabB = liveStore();
    const a = new AlarmWatch(tabA.store, { storage, target: null });
    const b = new AlarmWatch(tabB.store, { storage, target: null });
    a.setFleet([{ devId: PANEL, description: 'Merkez' }]);
    b.setFleet([{ devId: PANEL, description: 'Merkez' }]);
    tabA.send(PANEL, { KLStatus: { alarm: 1 } }, 100_000);
    tabB.send(PANEL, { KLStatus: { alarm: 1 } }, 100_010);
    a.acknowledge(a.book.list()[0]!.id, 'user', 101_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(b.book.list()[0]).toMatchObject({ acknowledgedAt: 101_000, acknowledgedBy: 'user' });

    // A reloaded tab hears the panel already in alarm: acknowledged here before, it does not ring again.
    const tabC = liveStore();
    const c = new AlarmWatch(tabC.store, { storage, target: null });
    c.setFleet([{ devId: PANEL, description: 'Merkez' }]);
    tabC.send(PANEL, { KLStatus: { alarm: 1 } }, 200_000);
    expect(c.book.list()[0]).toMatchObject({ acknowledgedBy: 'user' });
    // Once the alarm is over, what was remembered goes: the next alarm rings.
    tabC.send(PANEL, { KLStatus: { alarm: 0 } }, 201_000);
    expect(storage.getItem(ACKS_KEY)).toBeNull();
    for (const watch of [a, b, c]) watch.close();
  });

  it('falls back to storage events without a BroadcastChannel', () => {
    const storage = new MemoryStorage();
    const heard: unknown[] = [];
    const handlers: ((event: StorageEvent) => void)[] = [];
    const target = {
      addEventListener: (_: string, handler: (event: StorageEvent) => void) => void handlers.push(handler),
      removeEventListener: () => undefined,
    } as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'>;
    const sync = createAckSync((ack) => heard.push(ack), { storage, Channel: null, target });
    const ack = { devId: PANEL, kind: 'fire' as const, at: 5, by: 'user' };
    sync.publish(ack);
    // The browser tells the other tabs of the write; here the event is handed over as it would arrive there.
    const event = { key: LAST_ACK_KEY, newValue: storage.getItem(LAST_ACK_KEY) } as StorageEvent;
    handlers.forEach((handler) => handler(event));
    handlers.forEach((handler) => handler({ key: LAST_ACK_KEY, newValue: '{"not":"an ack"}' } as StorageEvent));
    expect(heard).toEqual([expect.objectContaining(ack)]);
    expect(sync.remembered(PANEL, 'fire')).toEqual(ack);
    sync.close();
  });

  it('watches exactly the fleet it is given', () => {
    const live = liveStore();
    const watch = new AlarmWatch(live.store, { storage: new MemoryStorage(), Channel: null, target: null });
    watch.setFleet([
      { devId: PANEL, description: 'Merkez' },
      { devId: OTHER, description: 'Depo' },
    ]);
    expect(watch.watchedCount()).toBe(2);
    expect(watch.nameOf(OTHER)).toBe('Depo');
    watch.setFleet([{ devId: OTHER, description: 'Depo 2' }]);
    expect(watch.watchedCount()).toBe(1);
    // A panel no longer in the fleet is released: its messages are not kept.
    live.send(PANEL, { KLStatus: { alarm: 1 } });
    expect(watch.book.list()).toEqual([]);
    live.send(OTHER, { KLStatus: { alarm: 1 } });
    expect(watch.book.list()).toHaveLength(1);
    watch.close();
  });
});
