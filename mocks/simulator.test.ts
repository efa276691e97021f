/** The simulator on the contract's example panels: realistic change, always valid payloads. */
import { describe, expect, it } from 'vitest';
import { Contract } from './contract.ts';
import { driftTemperature, TEMPERATURE_RANGE } from './simulated-panel.ts';
import { PanelSimulator } from './simulator.ts';
import validatePayload from '../generated/live/validate-panel-update.js';
import type { PanelLiveUpdate } from '../generated/live/types.ts';

/** A seeded generator, so a run is repeatable. */
const seeded = (seed: number) => () => {
  seed = (seed * 1664525 + 1013904223) % 4294967296;
  return seed / 4294967296;
};

const run = async (ticks: number) => {
  const published: { topic: string; payload: PanelLiveUpdate }[] = [];
  const simulator = new PanelSimulator({
    contract: Contract.load(),
    publish: (topic, payload) => void published.push({ topic, payload }),
    tickMs: 0,
    random: seeded(42),
  });
  await simulator.start();
  for (let i = 0; i < ticks; i++) simulator.tick();
  return { simulator, published };
};

describe('panel simulator', () => {
  it('starts with the four example panels and publishes each one on its topic', async () => {
    const { simulator, published } = await run(0);
    expect([...simulator.panels.keys()]).toEqual([864215040012345, 864215040023456, 864215040034567, 864215040045678]);
    expect(published.map((p) => p.topic)).toEqual([
      'panels/864215040012345',
      'panels/864215040023456',
      'panels/864215040034567',
      'panels/864215040045678',
    ]);
  });

  it('changes like a real installation: zones, signal, temperature, now and then an alarm', async () => {
    const { simulator, published } = await run(2000);
    simulator.stop();
    const changes = published.slice(4).map((p) => p.payload);
    expect(changes.some((p) => p.zones?.some((zone) => zone.zone_status === 1))).toBe(true);
    expect(changes.some((p) => p.gsmlevel !== undefined)).toBe(true);
    expect(changes.some((p) => p.KLStatus?.temp !== undefined)).toBe(true);
    expect(changes.some((p) => p.KLStatus?.alarm === 1)).toBe(true);
    // Only armed panels go into alarm, and the disconnected panel never changes.
    expect(changes.every((p) => p.dev_id !== 864215040034567)).toBe(true);
    expect(published.every((p) => validatePayload(p.payload))).toBe(true);
    expect(simulator.rejected).toBe(0);
  });

  it("keeps a drifting temperature in a room's range, so no payload is ever refused, however long it runs", async () => {
    // Every tick picks the first connected panel and moves its temperature down.
    const rolls = [0, 0.9, 0.1];
    let next = 0;
    const published: PanelLiveUpdate[] = [];
    const simulator = new PanelSimulator({
      contract: Contract.load(),
      publish: (_topic, payload) => void published.push(payload),
      tickMs: 0,
      random: () => rolls[next++ % rolls.length]!,
    });
    await simulator.start();
    for (let i = 0; i < 500; i++) simulator.tick();
    simulator.stop();
    const temps = published.flatMap((p) => (p.KLStatus?.temp === undefined ? [] : [p.KLStatus.temp]));
    expect(temps.length).toBeGreaterThan(400);
    expect(Math.min(...temps)).toBe(TEMPERATURE_RANGE.min);
    expect(simulator.rejected).toBe(0);
    expect(published.every((p) => validatePayload(p))).toBe(true);
    expect([
      driftTemperature(40, 1),
      driftTemperature(10, -1),
      driftTemperature(0, -1),
      driftTemperature(20, -1),
    ]).toEqual([39, 11, 1, 19]);
  });

  it('arms and disarms a partition of a partitioned panel', async () => {
    const { simulator, published } = await run(0);
    const depo = 864215040023456;
    simulator.handleCommand({ dev_id: depo, command: 'ARM', ispart: true, partno: 2 });
    await Promise.resolve();
    const armed = published.at(-1)!.payload;
    expect(armed.PartList?.find((part) => part.partno === 2)?.armed).toBe(true);
    simulator.handleCommand({ dev_id: depo, command: 'DISARM', ispart: true, partno: 1 });
    const after = published.at(-1)!.payload;
    expect(after.PartList?.find((part) => part.partno === 1)?.armed).toBe(false);
    expect(after.PartList?.find((part) => part.partno === 2)?.armed).toBe(true);
    expect(after.armed).toBe(true);
  });

  it('knows the example panel passwords and which panel is disconnected', async () => {
    const { simulator } = await run(0);
    expect(simulator.isPanelPassword(864215040012345, '1234')).toBe(true);
    expect(simulator.isPanelPassword(864215040012345, '0000')).toBe(false);
    expect(simulator.isConnected(864215040034567)).toBe(false);
    expect(simulator.isConnected(864215040012345)).toBe(true);
  });

  it('disconnects and connects a panel, publishes it, and a disconnected panel no longer changes by itself', async () => {
    const { simulator, published } = await run(0);
    const panel1 = 864215040012345;
    expect(await simulator.setConnected(panel1, false)).toBe(true);
    expect(published.at(-1)).toMatchObject({ topic: 'panels/864215040012345', payload: { connected: false } });
    expect(validatePayload(published.at(-1)!.payload)).toBe(true);
    expect(simulator.isConnected(panel1)).toBe(false);
    const before = published.length;
    for (let i = 0; i < 200; i++) simulator.tick();
    expect(published.slice(before).every((p) => p.payload.dev_id !== panel1)).toBe(true);
    expect(await simulator.setConnected(panel1, true)).toBe(true);
    expect(simulator.isConnected(panel1)).toBe(true);
    expect(await simulator.setConnected(999000000000001, true)).toBe(false);
    await simulator.reset();
    expect(simulator.isConnected(864215040034567)).toBe(false);
    simulator.stop();
  });
  it('tells its listeners when a panel connects or disconnects, once published; the reset tells nobody', async () => {
    const { simulator, published } = await run(0);
    const heard: [number, boolean][] = [];
    const stop = simulator.onConnectionChange((devId, connected) => {
      // Published before the listeners hear of it.
      expect(published.at(-1)?.payload).toMatchObject({ dev_id: devId, connected });
      heard.push([devId, connected]);
    });
    await simulator.setConnected(864215040012345, false);
    await simulator.setConnected(864215040012345, false);
    await simulator.setConnected(864215040034567, true);
    await simulator.reset();
    stop();
    await simulator.setConnected(864215040012345, false);
    expect(heard).toEqual([
      [864215040012345, false],
      [864215040034567, true],
    ]);
  });
});
