/**
 * What the roll-outs' tests share: the roll-outs area over a fake simulator on fake timers (the mock's minute 100 ms,
 * an update 10 ms), and calls to it as the front makes them.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { operationKeys, type OperationId } from '@generated/api/operations.ts';
import type { Rollout, RolloutPanel } from '@generated/api/types.gen.ts';
import { MockAccess } from '../access.ts';
import type { AreaRequest, MockArea } from '../area.ts';
import type { CommandSink } from '../command-sink.ts';
import { Contract } from '../contract.ts';
import { firmwareRolloutsArea } from '../areas/firmware-rollouts.ts';
import { firmwareSeed } from '../firmware-tests/seed.ts';
import { FirmwareStore } from '../firmware-tests/store.ts';
import { PanelOwners } from '../db/panel-owners.ts';

export const contract = Contract.load();
export const PANEL_1 = 864215040012345;
export const PANEL_3 = 864215040034567;

/** The simulator's side as the area sees it: connections, and every connection change it asked for. */
export function fakeSimulator() {
  const connected = new Map<number, boolean>([
    [PANEL_1, true],
    [PANEL_3, false],
  ]);
  const changes: [number, boolean][] = [];
  const sink: CommandSink = {
    isConnected: (devId) => connected.get(devId) ?? false,
    isPanelPassword: () => true,
    handleCommand: () => undefined,
    setConnected: async (devId, on) => {
      changes.push([devId, on]);
      connected.set(devId, on);
      return true;
    },
  };
  return { sink, connected, changes };
}

export const request = (params: Record<string, string>, body: unknown, query = ''): AreaRequest => ({
  params,
  body: body as Record<string, unknown>,
  query: new URLSearchParams(query),
  claims: { Username: 'admin', UserType: 2, user_id: 1 },
  headers: {},
  raw: Buffer.alloc(0),
  contentType: 'application/json',
  origin: 'http://127.0.0.1',
});

/** A call to an operation as the front makes it (by its key): the area's choice, then (when Prism would answer 2xx) its answer. */
export function call(
  area: MockArea,
  id: OperationId,
  params: Record<string, string> = {},
  body: unknown = {},
  query = '',
) {
  const req = request(params, body, query);
  const key = operationKeys[id];
  const choice = area.choose?.(key, req);
  if (choice?.code) return { choice, data: undefined as unknown };
  const answer = JSON.parse(area.answer!(key, req, Buffer.from('{}')).toString('utf8')) as { data?: unknown };
  return { choice, data: answer.data, whole: answer };
}

export function control(area: MockArea, body: unknown) {
  const sent: { status?: number; body?: string } = {};
  const res = {
    writeHead(status: number) {
      sent.status = status;
      return this;
    },
    end(text: string) {
      sent.body = text;
    },
  } as unknown as ServerResponse;
  const answered = area.control?.('POST', 'rollouts/config', Buffer.from(JSON.stringify(body)), res);
  return { answered, status: sent.status, body: JSON.parse(sent.body ?? 'null') as unknown };
}

export const halt = { max_failed_percent: 20, back_online_minutes: 2 };
/** A roll-out of 3.4.1 to every MX-16G panel in one stage, going back from 3.4.2 as chosen. */
export const ONE_STAGE = {
  firmware_id: 201,
  target: {},
  stages: [{ percent: 100 }],
  pause_minutes: 0,
  halt,
  allow_downgrade: true,
};
export const rollout = (area: MockArea, id: number) =>
  call(area, 'getFirmwareRollout', { id: String(id) }).data as Rollout;
export const panels = (area: MockArea, id: number, query = 'limit=1000') =>
  call(area, 'getFirmwareRolloutPanels', { id: String(id) }, {}, query).data as RolloutPanel[];

export interface RolloutsUnderTest {
  area: MockArea;
  simulator: ReturnType<typeof fakeSimulator>;
  firmware: FirmwareStore;
}

/** A fresh area for each test of the calling file (read its parts inside the test). */
export function rolloutsUnderTest(): RolloutsUnderTest {
  const parts = {} as RolloutsUnderTest;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-22T09:00:00Z') });
    parts.simulator = fakeSimulator();
    parts.firmware = new FirmwareStore(firmwareSeed(contract));
    const access = new MockAccess(contract, new PanelOwners(contract));
    parts.area = firmwareRolloutsArea(contract, parts.firmware, parts.simulator.sink, access);
    expect(control(parts.area, { minute_ms: 100, update_ms: 10 }).status).toBe(200);
  });
  afterEach(() => {
    parts.area.stop?.();
    vi.useRealTimers();
  });
  return parts;
}
