/**
 * The live store's rules, with a recording transport (the real MQTT transport against aedes and mosquitto is
 * tests/live/interop.test.ts): batched subscriptions, resubscription after a reconnect, the message gate and its
 * counts, per-frame coalescing, one panel told per message, the arm transition.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_BUDGET_MS, LiveStore } from './live-store.ts';
import { SLICE_MS } from './message-inbox.ts';
import { MAX_STEPS } from './panel-steps.ts';
import { AlarmBook } from '../alarms/alarm-book.ts';
import type { LiveTransport, PanelChange, TransportEvent } from './live-types.ts';
import { MAX_MESSAGE_BYTES } from './limits.ts';

const PANEL = 864215040012345;
const OTHER = 864215040023456;
const TEMPLATE = 'panels/{dev_id}';
const topic = (devId: number) => `panels/${devId}`;

/** A transport that records what the store sends and lets the test answer as the broker would. */
function fakeBroker() {
  const sent: string[][] = [];
  const removed: string[][] = [];
  const answers: { topics: string[]; resolve: (granted: boolean[]) => void; reject: (e: Error) => void }[] = [];
  let onMessage: (topic: string, payload: Uint8Array) => void = () => undefined;
  let onStatus: (event: TransportEvent) => void = () => undefined;
  const transport: LiveTransport = {
    subscribe: (topics) => {
      sent.push(topics);
      return new Promise((resolve, reject) => answers.push({ topics, resolve, reject }));
    },
    unsubscribe: (topics) => void removed.push(topics),
    onMessage: (handler) => void (onMessage = handler),
    onStatus: (handler) => void (onStatus = handler),
    end: () => undefined,
  };
  return {
    transport,
    sent,
    removed,
    status: (event: TransportEvent) => onStatus(event),
    /** Grants (or refuses) every SUBSCRIBE sent so far. */
    ack: async (grant: (topic: string) => boolean = () => true) => {
      for (const answer of answers.splice(0)) answer.resolve(answer.topics.map(grant));
      await Promise.resolve();
      await Promise.resolve();
    },
    dropAnswers: async () => {
      for (const answer of answers.splice(0)) answer.reject(new Error('connection lost'));
      await Promise.resolve();
      await Promise.resolve();
    },
    publish: (name: string, payload: unknown) =>
      onMessage(name, new TextEncoder().encode(typeof payload === 'string' ? payload : JSON.stringify(payload))),
  };
}

/** A scheduler the test runs by hand (stands in for requestAnimationFrame). */
const manualFrames = () => {
  const frames: (() => void)[] = [];
  return {
    schedule: (flush: () => void) => void frames.push(flush),
    run: () => frames.splice(0).forEach((flush) => flush()),
    get pending() {
      return frames.length;
    },
  };
};

const setup = (options: { releaseDelayMs?: number; topicsPerPacket?: number; clock?: () => number } = {}) => {
  const broker = fakeBroker();
  const frames = manualFrames();
  const armed: number[][] = [];
  let now = 1_000;
  const store = new LiveStore(broker.transport, TEMPLATE, {
    schedule: frames.schedule,
    releaseDelayMs: options.releaseDelayMs ?? 0,
    topicsPerPacket: options.topicsPerPacket,
    onArmed: (devIds) => void armed.push(devIds),
    now: () => (now += 1),
    // No time passes for the frame budget and the socket's slices unless a test says so.
    clock: options.clock ?? (() => 0),
  });
  return { broker, frames, store, armed };
};

afterEach(() => void vi.useRealTimers());

describe('subscriptions', () => {
  it('sends what a frame asks as one SUBSCRIBE, and only once connected', async () => {
    const { broker, frames, store } = setup();
    for (let i = 0; i < 40; i++) store.watch(PANEL + i);
    frames.run();
    expect(broker.sent).toEqual([]);
    expect(store.getDiagnostics()).toMatchObject({ subscribed: 0, pending: 40 });
    broker.status({ status: 'connected', reconnects: 0 });
    expect(broker.sent).toHaveLength(1);
    expect(broker.sent[0]).toHaveLength(40);
    await broker.ack();
    frames.run();
    expect(store.getDiagnostics()).toMatchObject({ subscribed: 40, pending: 0 });
    expect(store.getStatus()).toBe('connected');
  });

  it('splits a large fleet into packets of at most 500 topics', () => {
    const { broker, frames, store } = setup();
    broker.status({ status: 'connected' });
    for (let i = 0; i < 1200; i++) store.watch(PANEL + i);
    expect(broker.sent).toEqual([]);
    frames.run();
    expect(broker.sent.map((packet) => packet.length)).toEqual([500, 500, 200]);
  });

  it('subscribes once per panel however many views watch it, and unsubscribes with the last one', () => {
    const { broker, frames, store } = setup();
    broker.status({ status: 'connected' });
    const a = store.watch(PANEL);
    const b = store.watch(PANEL);
    frames.run();
    expect(broker.sent).toEqual([[topic(PANEL)]]);
    a();
    a();
    frames.run();
    expect(broker.removed).toEqual([]);
    b();
    frames.run();
    expect(broker.removed).toEqual([[topic(PANEL)]]);
  });

  it('keeps the subscription of a view that comes straight back (grace period)', () => {
    vi.useFakeTimers();
    const { broker, frames, store } = setup({ releaseDelayMs: 2000 });
    broker.status({ status: 'connected' });
    store.watch(PANEL)();
    const again = store.watch(PANEL);
    vi.advanceTimersByTime(5000);
    frames.run();
    expect(broker.sent).toEqual([[topic(PANEL)]]);
    expect(broker.removed).toEqual([]);
    again();
    vi.advanceTimersByTime(1999);
    frames.run();
    expect(broker.removed).toEqual([]);
    vi.advanceTimersByTime(1);
    frames.run();
    expect(broker.removed).toEqual([[topic(PANEL)]]);
  });

  it('a panel watched and released within one frame costs no packet', () => {
    const { broker, frames, store } = setup();
    broker.status({ status: 'connected' });
    store.watch(PANEL)();
    frames.run();
    expect(broker.sent).toEqual([]);
    expect(broker.removed).toEqual([]);
  });

  it('subscribes everything watched again after a reconnect, and counts the broker’s answers', async () => {
    const { broker, frames, store } = setup();
    broker.status({ status: 'connected' });
    store.watch(PANEL);
    store.watch(OTHER);
    frames.run();
    await broker.ack((name) => name === topic(PANEL));
    frames.run();
    expect(store.getDiagnostics()).toMatchObject({ subscribed: 1, pending: 0 });

    broker.status({ status: 'offline', nextRetryAt: 5_000, reconnects: 0 });
    frames.run();
    expect(store.getStatus()).toBe('offline');
    expect(store.getDiagnostics()).toMatchObject({ subscribed: 0, pending: 2, nextRetryAt: 5_000 });

    broker.status({ status: 'connecting', reconnects: 1 });
    broker.status({ status: 'connected', reconnects: 1 });
    expect(broker.sent.at(-1)?.sort()).toEqual([topic(PANEL), topic(OTHER)].sort());
    await broker.ack();
    frames.run();
    expect(store.getDiagnostics()).toEqual({
      accepted: 0,
      invalid: 0,
      oversized: 0,
      mismatched: 0,
      subscribed: 2,
      pending: 0,
      reconnects: 1,
    });
  });

  it('asks again on the next connection for a SUBSCRIBE lost with the connection', async () => {
    const { broker, frames, store } = setup();
    broker.status({ status: 'connected' });
    store.watch(PANEL);
    frames.run();
    broker.status({ status: 'offline' });
    await broker.dropAnswers();
    broker.status({ status: 'connected' });
    expect(broker.sent).toEqual([[topic(PANEL)], [topic(PANEL)]]);
  });
});

describe('messages', () => {
  const watching = () => {
    const context = setup();
    context.broker.status({ status: 'connected' });
    context.store.watch(PANEL);
    context.store.watch(OTHER);
    context.frames.run();
    return context;
  };

  it('accepts a message without dev_id and with 0/1 flags, normalised to the REST types', () => {
    const { broker, frames, store } = watching();
    broker.publish(topic(PANEL), {
      armed: 1,
      stayarmed: 0,
      connected: true,
      KLStatus: { alarm: false, power: true, temp: 24 },
      PartList: [{ partno: 1, armed: 1 }],
      outs: [{ out_no: 2, out_status: true }],
    });
    frames.run();
    expect(store.get(PANEL)?.state).toEqual({
      dev_id: PANEL,
      armed: true,
      stayarmed: false,
      connected: true,
      KLStatus: { alarm: 0, power: 1, temp: 24 },
      PartList: [{ partno: 1, armed: true }],
      outs: [{ out_no: 2, out_status: 1 }],
    });
    expect(store.get(PANEL)?.receivedAt).toBeGreaterThan(1_000);
    expect(store.getDiagnostics().accepted).toBe(1);
  });

  it('drops and counts malformed, invalid, oversized and mismatched messages, keeping what it had', () => {
    const { broker, frames, store } = watching();
    broker.publish(topic(PANEL), { gsmlevel: 40 });
    frames.run();
    broker.publish(topic(PANEL), '{not json');
    broker.publish(topic(PANEL), { gsmlevel: 'strong' });
    broker.publish(topic(PANEL), { gsmlevel: 40, firmware: 'extra field' });
    broker.publish(topic(PANEL), { zones: Array.from({ length: 20 }, (_, zone_no) => ({ zone_no })) });
    broker.publish(topic(PANEL), { status_desc: 'x'.repeat(MAX_MESSAGE_BYTES) });
    broker.publish(topic(PANEL), { dev_id: OTHER, armed: true });
    broker.publish('elsewhere/1', { armed: true });
    frames.run();
    expect(store.get(PANEL)?.state).toEqual({ dev_id: PANEL, gsmlevel: 40 });
    expect(store.get(OTHER)).toBeUndefined();
    expect(store.getDiagnostics()).toMatchObject({ accepted: 1, invalid: 4, oversized: 1, mismatched: 2 });
  });

  it('coalesces a burst into one update per frame and tells only that panel', () => {
    const { broker, frames, store } = watching();
    let panelRenders = 0;
    let otherRenders = 0;
    store.listen(PANEL, () => panelRenders++);
    store.listen(OTHER, () => otherRenders++);
    for (let level = 1; level <= 50; level++) broker.publish(topic(PANEL), { gsmlevel: level });
    broker.publish(topic(PANEL), { zones: [{ zone_no: 1, zone_status: 1 }] });
    expect(store.get(PANEL)).toBeUndefined();
    expect(frames.pending).toBe(1);
    frames.run();
    expect(store.get(PANEL)?.state).toMatchObject({ gsmlevel: 50, zones: [{ zone_no: 1, zone_status: 1 }] });
    expect(panelRenders).toBe(1);
    expect(otherRenders).toBe(0);
  });

  it('reports a panel whose armed flag goes from false to true, not one first seen armed', () => {
    const { broker, frames, armed } = watching();
    broker.publish(topic(PANEL), { armed: false });
    broker.publish(topic(OTHER), { armed: true });
    frames.run();
    expect(armed).toEqual([]);
    broker.publish(topic(PANEL), { armed: 1 });
    frames.run();
    expect(armed).toEqual([[PANEL]]);
    broker.publish(topic(PANEL), { armed: true, gsmlevel: 20 });
    frames.run();
    expect(armed).toHaveLength(1);
  });

  it('hands every frame’s changed panels to the change listeners once: before, after and what the messages said', () => {
    const { broker, frames, store } = watching();
    const frameChanges: { devId: number; previous: unknown; state: unknown; update: unknown }[][] = [];
    const stop = store.listenChanges((changes) =>
      frameChanges.push(changes.map(({ devId, previous, state, update }) => ({ devId, previous, state, update }))),
    );
    broker.publish(topic(PANEL), { KLStatus: { alarm: 0, temp: 20 } });
    frames.run();
    broker.publish(topic(PANEL), { KLStatus: { alarm: 1 } });
    broker.publish(topic(PANEL), { zones: [{ zone_no: 1, zone_status: 1 }] });
    broker.publish(topic(OTHER), { gsmlevel: 20 });
    frames.run();
    expect(frameChanges).toHaveLength(2);
    expect(frameChanges[1]).toEqual([
      {
        devId: PANEL,
        previous: expect.objectContaining({ KLStatus: { alarm: 0, temp: 20 } }),
        state: expect.objectContaining({ KLStatus: { alarm: 1, temp: 20 } }),
        update: { dev_id: PANEL, KLStatus: { alarm: 1 }, zones: [{ zone_no: 1, zone_status: 1 }] },
      },
      {
        devId: OTHER,
        previous: undefined,
        state: { dev_id: OTHER, gsmlevel: 20 },
        update: { dev_id: OTHER, gsmlevel: 20 },
      },
    ]);
    stop();
    broker.publish(topic(PANEL), { gsmlevel: 60 });
    frames.run();
    expect(frameChanges).toHaveLength(2);
  });

  it('forgets a released panel, and ignores messages of a panel nobody watches', () => {
    const { broker, frames, store } = setup();
    broker.status({ status: 'connected' });
    const stop = store.watch(PANEL);
    frames.run();
    broker.publish(topic(PANEL), { gsmlevel: 40 });
    frames.run();
    let told = 0;
    store.listen(PANEL, () => told++);
    stop();
    expect(store.get(PANEL)).toBeUndefined();
    expect(told).toBe(1);
    broker.publish(topic(PANEL), { gsmlevel: 60 });
    frames.run();
    expect(store.get(PANEL)).toBeUndefined();
  });

  it('handles one large valid message well within a frame', () => {
    const { broker, frames, store } = watching();
    const big = {
      status_desc: 'Ş'.repeat(200),
      zones: Array.from({ length: 19 }, (_, zone_no) => ({ zone_no, zone_status: 1, zone_byp_status: 2 })),
      outs: Array.from({ length: 10 }, (_, out_no) => ({ out_no, out_status: 1 })),
      PartList: Array.from({ length: 8 }, (_, index) => ({ partno: index + 1, name: 'n'.repeat(64), armed: 1 })),
    };
    broker.publish(topic(PANEL), big);
    frames.run();
    expect(store.get(PANEL)?.state.zones).toHaveLength(19);
    expect(store.getDiagnostics().accepted).toBe(1);
  });

  it('keeps each transition of a flag that goes back and forth within a frame, in order, for the change listeners', () => {
    const { broker, frames, store, armed } = watching();
    broker.publish(topic(PANEL), { KLStatus: { alarm: 0 }, armed: false, connected: true });
    frames.run();
    const frameChanges: PanelChange[][] = [];
    store.listenChanges((changes) => void frameChanges.push([...changes]));
    let told = 0;
    store.listen(PANEL, () => told++);
    // Within one frame: an alarm that comes and goes, a short disconnection, armed and disarmed, and plain status
    // messages in between (merged into the step they follow).
    broker.publish(topic(PANEL), { KLStatus: { alarm: 1 }, zones: [{ zone_no: 2, zone_status: 1 }] });
    broker.publish(topic(PANEL), { status_desc: 'Alarm' });
    broker.publish(topic(PANEL), { KLStatus: { alarm: 0 } });
    broker.publish(topic(PANEL), { connected: false });
    broker.publish(topic(PANEL), { connected: true, armed: true });
    broker.publish(topic(PANEL), { armed: false, gsmlevel: 40 });
    frames.run();
    expect(told).toBe(1);
    expect(frameChanges).toHaveLength(1);
    const steps = frameChanges[0]!.map((change) => ({
      alarm: change.state.KLStatus?.alarm,
      connected: change.state.connected,
      armed: change.state.armed,
    }));
    expect(steps).toEqual([
      { alarm: 1, connected: true, armed: false },
      { alarm: 0, connected: false, armed: false },
      { alarm: 0, connected: true, armed: true },
      { alarm: 0, connected: true, armed: false },
    ]);
    // Each step's previous is the step before it; the receipt times follow the messages.
    for (let index = 1; index < steps.length; index++) {
      expect(frameChanges[0]![index]!.previous).toBe(frameChanges[0]![index - 1]!.state);
      expect(frameChanges[0]![index]!.receivedAt).toBeGreaterThan(frameChanges[0]![index - 1]!.receivedAt);
    }
    expect(frameChanges[0]![0]!.update).toMatchObject({ KLStatus: { alarm: 1 }, status_desc: 'Alarm' });
    expect(store.get(PANEL)?.state).toMatchObject({ KLStatus: { alarm: 0 }, armed: false, gsmlevel: 40 });
    expect(armed).toEqual([[PANEL]]);
  });

  it('lets the alarm watch see an alarm raised and cleared within one frame', () => {
    const { broker, frames, store } = watching();
    const book = new AlarmBook();
    store.listenChanges((changes) => book.observe(changes));
    broker.publish(topic(PANEL), { KLStatus: { alarm: 0 } });
    frames.run();
    broker.publish(topic(PANEL), { KLStatus: { alarm: 1 }, zones: [{ zone_no: 4, zone_status: 1 }] });
    broker.publish(topic(PANEL), { KLStatus: { alarm: 0 } });
    frames.run();
    expect(book.list()).toEqual([
      expect.objectContaining({ devId: PANEL, kind: 'alarm', zones: [5], clearedAt: expect.any(Number) }),
    ]);
  });

  it('keeps a panel’s steps bounded however often a flag flips before its frame', () => {
    const { broker, frames, store } = watching();
    const frameChanges: PanelChange[][] = [];
    store.listenChanges((changes) => void frameChanges.push([...changes]));
    for (let index = 0; index < MAX_STEPS * 3; index++) broker.publish(topic(PANEL), { connected: index % 2 === 0 });
    frames.run();
    expect(frameChanges[0]).toHaveLength(MAX_STEPS);
    expect(store.get(PANEL)?.state.connected).toBe(false);
  });

  it('stops a frame’s work after its budget and finishes in the next frames, the panels waiting longest first', () => {
    let time = 0;
    let ticking = false;
    // Once the messages are in, every read of the clock takes a millisecond: the budget ends after a few reads.
    const { broker, frames, store } = setup({ clock: () => (ticking ? (time += 1) : time) });
    broker.status({ status: 'connected' });
    const fleet = Array.from({ length: 200 }, (_, index) => PANEL + index);
    for (const devId of fleet) store.watch(devId);
    frames.run();
    for (const devId of fleet) broker.publish(topic(devId), { gsmlevel: 10 });
    ticking = true;
    const order: number[] = [];
    store.listenChanges((changes) => void order.push(...changes.map((change) => change.devId)));
    frames.run();
    const first = order.length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(fleet.length);
    expect(first).toBeLessThanOrEqual(16 * (FRAME_BUDGET_MS + 1));
    expect(frames.pending).toBe(1);
    while (frames.pending) frames.run();
    expect(order).toEqual(fleet);
    expect(fleet.every((devId) => store.get(devId)?.state.gsmlevel === 10)).toBe(true);
  });

  it('counts topics refused by the broker apart from those still waiting', async () => {
    const { broker, frames, store } = setup();
    broker.status({ status: 'connected' });
    for (let index = 0; index < 10; index++) store.watch(PANEL + index);
    frames.run();
    expect(store.getDiagnostics()).toMatchObject({ subscribed: 0, pending: 10 });
    await broker.ack((name) => name !== topic(PANEL + 3));
    frames.run();
    expect(store.getDiagnostics()).toMatchObject({ subscribed: 9, pending: 0 });
    store.watch(PANEL + 20);
    frames.run();
    expect(store.getDiagnostics()).toMatchObject({ subscribed: 9, pending: 1 });
  });

  it('takes a burst from the socket in slices of a few milliseconds, in order, none lost', async () => {
    let time = 0;
    // Each message takes 1 ms through the gate here (the clock is read once a message).
    const { broker, frames, store } = setup({ clock: () => (time += 1) });
    broker.status({ status: 'connected' });
    store.watch(PANEL);
    store.watch(OTHER);
    frames.run();
    for (let index = 1; index <= 100; index++) {
      broker.publish(topic(index % 2 ? PANEL : OTHER), { gsmlevel: index, status_desc: `m-${index}` });
    }
    // The task that brought them took a slice only; the rest wait for later tasks.
    frames.run();
    const accepted = store.getDiagnostics().accepted;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(SLICE_MS + 2);
    for (let tries = 0; tries < 100 && store.getDiagnostics().accepted < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      frames.run();
    }
    expect(store.getDiagnostics().accepted).toBe(100);
    expect(store.get(PANEL)?.state).toMatchObject({ gsmlevel: 99, status_desc: 'm-99' });
    expect(store.get(OTHER)?.state).toMatchObject({ gsmlevel: 100, status_desc: 'm-100' });
  });
});
