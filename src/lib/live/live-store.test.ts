/**
 * The live store against the real broker (aedes over websockets) through the real mqtt.js transport:
 * one subscription per watched panel, schema-checked messages merged into the panel, bursts coalesced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBroker, type RunningBroker } from '../../../mocks/broker.ts';
import { freePort } from '../../../mocks/ports.ts';
import { LiveStore } from './live-store.ts';
import { createMqttTransport } from './mqtt-transport.ts';
import { mergePanelUpdate } from './merge.ts';

const PANEL = 864215040012345;
const OTHER = 864215040023456;
const TEMPLATE = 'panels/{dev_id}';
let broker: RunningBroker;
/** An access token of a user whose panels are PANEL and OTHER (the broker reads its claims). */
const TOKEN = ['e30', Buffer.from(JSON.stringify({ Username: 'user', UserType: 0 })).toString('base64url'), 'x'].join(
  '.',
);

beforeAll(async () => {
  broker = await startBroker({
    port: await freePort(),
    consoleUsername: 'console',
    topicsFor: () => [`panels/${PANEL}`, `panels/${OTHER}`],
  });
});
afterAll(async () => broker?.stop());

/** A scheduler the test flushes by hand (stands in for requestAnimationFrame). */
const manualFrames = () => {
  const frames: (() => void)[] = [];
  return { schedule: (flush: () => void) => void frames.push(flush), run: () => frames.splice(0).forEach((f) => f()) };
};

const connectedStore = async (schedule: (flush: () => void) => void) => {
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  const transport = createMqttTransport({
    url: broker.url,
    username: 'console',
    password: TOKEN,
    onStatus: (status) => status === 'connected' && connected(),
  });
  await ready;
  return new LiveStore(transport, TEMPLATE, schedule);
};

const until = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('live store', () => {
  it('merges the messages of a watched panel and tells only that panel, once per frame', async () => {
    const frames = manualFrames();
    const store = await connectedStore(frames.schedule);
    let panelRenders = 0;
    let otherRenders = 0;
    store.listen(PANEL, () => panelRenders++);
    store.listen(OTHER, () => otherRenders++);
    const stop = store.watch(PANEL);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let level = 1; level <= 50; level++)
      await broker.publish(`panels/${PANEL}`, { dev_id: PANEL, gsmlevel: level });
    await broker.publish(`panels/${PANEL}`, { dev_id: PANEL, zones: [{ zone_no: 1, zone_status: 1 }] });
    await broker.publish(`panels/${OTHER}`, { dev_id: OTHER, armed: true });
    await until(() => store['queued'].size > 0 && (store['queued'].get(PANEL)?.zones?.length ?? 0) > 0, 'the burst');
    frames.run();
    expect(store.get(PANEL)).toMatchObject({ dev_id: PANEL, gsmlevel: 50, zones: [{ zone_no: 1, zone_status: 1 }] });
    expect(panelRenders).toBe(1);
    expect(otherRenders).toBe(0);
    expect(store.get(OTHER)).toBeUndefined();
    stop();
    store.close();
  });

  it('drops a message that breaks the payload schema and keeps what it had', async () => {
    const frames = manualFrames();
    const store = await connectedStore(frames.schedule);
    store.watch(PANEL);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await broker.publish(`panels/${PANEL}`, { dev_id: PANEL, gsmlevel: 40 });
    await until(() => store['queued'].size > 0, 'a valid message');
    frames.run();
    await broker.publish(`panels/${PANEL}`, { dev_id: PANEL, gsmlevel: 'strong' });
    await broker.publish(`panels/${PANEL}`, { gsmlevel: 10 });
    await until(() => store.rejected >= 2, 'the bad messages');
    frames.run();
    expect(store.get(PANEL)?.gsmlevel).toBe(40);
    store.close();
  });

  const recordingStore = (releaseDelayMs: number) => {
    const calls: string[] = [];
    const store = new LiveStore(
      {
        subscribe: (topics) => calls.push(`subscribe ${topics.join()}`),
        unsubscribe: (topics) => calls.push(`unsubscribe ${topics.join()}`),
        onMessage: () => undefined,
        end: () => undefined,
      },
      TEMPLATE,
      undefined,
      releaseDelayMs,
    );
    return { store, calls };
  };

  it('subscribes once per panel however many views watch it', () => {
    const { store, calls } = recordingStore(0);
    const a = store.watch(PANEL);
    const b = store.watch(PANEL);
    expect(calls).toEqual([`subscribe panels/${PANEL}`]);
    a();
    a();
    expect(calls).toHaveLength(1);
    b();
    expect(calls).toEqual([`subscribe panels/${PANEL}`, `unsubscribe panels/${PANEL}`]);
  });

  it('keeps the subscription of a view that comes straight back (no unsubscribe/subscribe race)', async () => {
    const { store, calls } = recordingStore(50);
    const first = store.watch(PANEL);
    first();
    const again = store.watch(PANEL);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toEqual([`subscribe panels/${PANEL}`]);
    again();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toEqual([`subscribe panels/${PANEL}`, `unsubscribe panels/${PANEL}`]);
    store.close();
  });
});

describe('mergePanelUpdate', () => {
  it('merges KLStatus by field and zones/outs by number', () => {
    const first = mergePanelUpdate(undefined, {
      dev_id: PANEL,
      KLStatus: { alarm: 0, temp: 22 },
      zones: [
        { zone_no: 0, zone_status: 0 },
        { zone_no: 3, zone_status: 0 },
      ],
    });
    const next = mergePanelUpdate(first, {
      dev_id: PANEL,
      KLStatus: { alarm: 1 },
      zones: [
        { zone_no: 3, zone_status: 1 },
        { zone_no: 1, zone_byp_status: 2 },
      ],
      outs: [{ out_no: 1, out_status: 1 }],
    });
    expect(next.KLStatus).toEqual({ alarm: 1, temp: 22 });
    expect(next.zones).toEqual([
      { zone_no: 0, zone_status: 0 },
      { zone_no: 1, zone_byp_status: 2 },
      { zone_no: 3, zone_status: 1 },
    ]);
    expect(next.outs).toEqual([{ out_no: 1, out_status: 1 }]);
  });
});
