import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rollout, RolloutPanel, RolloutPreview } from '@generated/api/types.gen.ts';
import { MockAccess } from '../access.ts';
import type { AreaRequest, MockArea } from '../area.ts';
import type { CommandSink } from '../command-sink.ts';
import { Contract } from '../contract.ts';
import { firmwareBinaryDigest } from '../firmware-binaries.ts';
import { PanelOwners } from '../panel-owners.ts';
import { firmwareRolloutsArea, FLEET_SIZE, PARALLEL } from './firmware-rollouts.ts';
import { firmwareSeed } from '../firmware-tests/seed.ts';
import { FirmwareStore } from '../firmware-tests/store.ts';

const contract = Contract.load();
const PANEL_1 = 864215040012345;
const PANEL_3 = 864215040034567;

/** The simulator's side as the area sees it: connections, and every connection change it asked for. */
function fakeSimulator() {
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

const request = (params: Record<string, string>, body: unknown, query = ''): AreaRequest => ({
  params,
  body: body as Record<string, unknown>,
  query: new URLSearchParams(query),
  claims: { Username: 'admin', UserType: 2, user_id: 1 },
  headers: {},
  raw: Buffer.alloc(0),
  contentType: 'application/json',
  origin: 'http://127.0.0.1',
});

/** A call as the front makes it: the area's choice, then (when Prism would answer 2xx) its answer. */
function call(area: MockArea, key: string, params: Record<string, string> = {}, body: unknown = {}, query = '') {
  const req = request(params, body, query);
  const choice = area.choose?.(key, req);
  if (choice?.code) return { choice, data: undefined as unknown };
  const answer = JSON.parse(area.answer!(key, req, Buffer.from('{}')).toString('utf8')) as { data?: unknown };
  return { choice, data: answer.data, whole: answer };
}

function control(area: MockArea, body: unknown) {
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

const halt = { max_failed_percent: 20, back_online_minutes: 2 };
const rollout = (area: MockArea, id: number) =>
  call(area, 'get /firmware-rollouts/{id}', { id: String(id) }).data as Rollout;
const panels = (area: MockArea, id: number, query = 'limit=1000') =>
  call(area, 'get /firmware-rollouts/{id}/panels', { id: String(id) }, {}, query).data as RolloutPanel[];

describe('the firmware roll-outs area of the mock', () => {
  let area: MockArea;
  let simulator: ReturnType<typeof fakeSimulator>;
  let firmware: FirmwareStore;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-22T09:00:00Z') });
    simulator = fakeSimulator();
    firmware = new FirmwareStore(firmwareSeed(contract));
    const access = new MockAccess(contract, new PanelOwners(contract));
    area = firmwareRolloutsArea(contract, firmware, simulator.sink, access);
    expect(control(area, { minute_ms: 100, update_ms: 10 }).status).toBe(200);
  });

  afterEach(() => {
    area.stop?.();
    vi.useRealTimers();
  });

  it('previews the sizes of a model target, a dealer and lists; refuses what the contract refuses', () => {
    const staged = {
      firmware_id: 201,
      target: {},
      stages: [{ percent: 10 }, { percent: 100 }],
      pause_minutes: 0,
      halt,
    };
    // MX-16G: the two simulated panels (1 and 3) and the fleet.
    // Every MX-16G panel runs 3.4.2: the preview names each as going back to 3.4.1.
    const preview = call(area, 'post /firmware-rollouts/preview', {}, staged).data as RolloutPreview;
    expect(preview).toMatchObject({ total: FLEET_SIZE + 2, stages: [7, FLEET_SIZE + 2 - 7] });
    expect(preview.downgrades).toHaveLength(FLEET_SIZE + 2);
    expect(preview.downgrades[0]).toEqual({ dev_id: PANEL_1, description: 'Merkez Ofis', firm_ver: '3.4.2' });
    const dealer = { ...staged, target: { dealer_code: 'IST034' } };
    expect((call(area, 'post /firmware-rollouts/preview', {}, dealer).data as RolloutPreview).total).toBe(
      FLEET_SIZE / 3 + 2,
    );
    const lists = {
      ...staged,
      target: { dev_ids: [PANEL_1, PANEL_3] },
      stages: [{ dev_ids: [PANEL_3] }, { dev_ids: [PANEL_1] }],
    };
    expect(call(area, 'post /firmware-rollouts/preview', {}, lists).data).toMatchObject({ total: 2, stages: [1, 1] });
    // 3.4.2's test 401 has a failed stage.
    expect(call(area, 'post /firmware-rollouts', {}, { ...staged, firmware_id: 202 }).choice).toEqual({
      code: '409',
      example: 'test-not-passed',
    });
    const refused = (body: unknown) => call(area, 'post /firmware-rollouts', {}, body).choice?.example;
    expect(refused({ ...staged, stages: [{ percent: 50 }, { percent: 40 }] })).toBe('stages-not-increasing');
    expect(refused({ ...staged, stages: [{ percent: 50 }] })).toBe('stages-not-increasing');
    expect(refused({ ...staged, target: { dealer_code: 'NONE99' } })).toBe('empty-target');
    // Panel 2 is an MX-8; a list stage naming a panel twice, or leaving one of a list target out.
    expect(refused({ ...staged, target: { dev_ids: [864215040023456] } })).toBe('panel-not-in-target');
    expect(refused({ ...lists, stages: [{ dev_ids: [PANEL_3] }, { dev_ids: [PANEL_3] }] })).toBe('panel-not-in-target');
    expect(refused({ ...lists, stages: [{ dev_ids: [PANEL_3] }] })).toBe('panel-not-in-target');
    // A start that would put panels back on an older version is refused unless the body chooses it.
    expect(call(area, 'post /firmware-rollouts', {}, staged).choice).toEqual({
      code: '409',
      example: 'downgrade-not-chosen',
    });
    expect(call(area, 'post /firmware-rollouts', {}, { ...staged, allow_downgrade: false }).choice?.example).toBe(
      'downgrade-not-chosen',
    );
    expect(area.choose?.('post /firmware-rollouts', request({}, { ...staged, allow_downgrade: true }))).toBeUndefined();
    // The contract's example roll-out 600 (halted, stage 2: 3 of 6 failed) is there from the start.
    const listed = call(area, 'get /firmware-rollouts', {}, {}, 'limit=10').whole as { data: Rollout[] };
    expect(listed.data.map((rollout) => [rollout.id, rollout.state])).toEqual([[600, 'halted']]);
    expect(listed.data[0]!.stages.map((stage) => [stage.size, stage.done, stage.failed])).toEqual([
      [1, 1, 0],
      [6, 3, 3],
    ]);
    expect(panels(area, 600, 'state=failed').map((row) => [row.dev_id, row.error])).toEqual([
      [PANEL_3, 'Panel güncellemeyi reddetti'],
      [869100000002001, 'Panel güncellemeyi reddetti'],
      [869100000002002, 'Panel güncellemeyi reddetti'],
    ]);
    expect(panels(area, 600, 'stage=1')).toMatchObject([
      { dev_id: PANEL_1, state: 'done', firm_ver_before: '3.4.2', firm_ver_now: '3.4.1' },
    ]);
  });

  it("refuses a version whose binary does not match its SHA-256, or is not the file store's, before anything is sent", () => {
    const staged = {
      firmware_id: 201,
      target: {},
      stages: [{ percent: 100 }],
      pause_minutes: 0,
      halt,
      allow_downgrade: true,
    };
    const version = firmware.versions.find((candidate) => candidate.id === 201)!;
    expect(firmwareBinaryDigest(version.url)).toBe(version.sha256);
    const refusedAs = (change: Partial<typeof version>) => {
      firmware.updateVersion({ ...version, ...change });
      return [
        call(area, 'post /firmware-rollouts/preview', {}, staged).choice,
        call(area, 'post /firmware-rollouts', {}, staged).choice,
      ];
    };
    const mismatch = { code: '409', example: 'firmware-digest-mismatch' };
    // Another file's digest; a link to a binary the store does not have.
    expect(refusedAs({ sha256: firmwareBinaryDigest('https://files.example.com/Firmware/mx16g-3.4.2.bin')! })).toEqual([
      mismatch,
      mismatch,
    ]);
    expect(refusedAs({ url: 'https://files.example.com/Firmware/mx16g-3.9.9.bin' })).toEqual([mismatch, mismatch]);
    expect(simulator.changes).toEqual([]);
    expect(refusedAs({})).toEqual([undefined, undefined]);
  });

  it('runs the stages in order with the pause between them, each panel once, to completed', async () => {
    simulator.connected.set(PANEL_3, true);
    const body = {
      firmware_id: 201,
      target: {},
      stages: [{ percent: 10 }, { percent: 100 }],
      pause_minutes: 3,
      halt,
      allow_downgrade: true,
    };
    const started = call(area, 'post /firmware-rollouts', {}, body).data as Rollout;
    expect(started).toMatchObject({ id: 601, state: 'running', model_name: 'MX-16G', firm_ver: '3.4.1' });
    expect(started.started_by).toEqual({ id: 1, name: 'Ayşe Yılmaz' });
    expect(started.stages[0]).toMatchObject({ state: 'running', size: 7, updating: PARALLEL, waiting: 7 - PARALLEL });
    // A second roll-out of the model is refused while this one runs.
    expect(call(area, 'post /firmware-rollouts', {}, body).choice?.example).toBe('rollout-running');
    await vi.advanceTimersByTimeAsync(20);
    const paused = rollout(area, 601);
    expect(paused.stages[0]).toMatchObject({ state: 'done', done: 7 });
    expect(paused.stages[1]!.state).toBe('waiting');
    // Pausing 3 "minutes" (300 ms here) before stage 2.
    expect(paused.state).toBe('running');
    expect(paused.next_stage_at).not.toBeNull();
    // The simulated panels went offline while updating and came back.
    expect(simulator.changes).toEqual([
      [PANEL_1, false],
      [PANEL_3, false],
      [PANEL_1, true],
      [PANEL_3, true],
    ]);
    await vi.advanceTimersByTimeAsync(300);
    expect(rollout(area, 601).stages[1]!.state).toBe('running');
    await vi.advanceTimersByTimeAsync(1000);
    const done = rollout(area, 601);
    expect(done.state).toBe('completed');
    expect(done.stages.map((stage) => [stage.size, stage.done])).toEqual([
      [7, 7],
      [FLEET_SIZE - 5, FLEET_SIZE - 5],
    ]);
    const rows = panels(area, 601);
    expect(rows).toHaveLength(FLEET_SIZE + 2);
    expect(rows.every((row) => row.state === 'done' && row.firm_ver_now === '3.4.1')).toBe(true);
    expect(rows[0]).toMatchObject({ dev_id: PANEL_1, firm_ver_before: '3.4.2', stage: 1 });
    // Each simulated panel was updated once only.
    expect(simulator.changes).toHaveLength(4);
    expect(panels(area, 601, 'stage=1&limit=3')).toHaveLength(3);
    expect(call(area, 'post /firmware-rollouts/{id}/abort', { id: '601' }).choice).toEqual({
      code: '409',
      example: 'wrong-state',
    });
  });

  it('halts on its failure rule and says why; resumed it goes on, aborted it stops', async () => {
    expect(control(area, { failure_rate: 0.5 }).status).toBe(200);
    const body = {
      firmware_id: 201,
      target: { dealer_code: 'ANK006' },
      stages: [{ percent: 30 }, { percent: 100 }],
      pause_minutes: 0,
      halt,
      allow_downgrade: true,
    };
    call(area, 'post /firmware-rollouts', {}, body);
    await vi.advanceTimersByTimeAsync(50);
    const halted = rollout(area, 601);
    expect(halted.state).toBe('halted');
    expect(halted.halt_reason).toEqual({ stage: 1, size: 6, failed: 3, not_back_online: 0, rule: halt });
    expect(panels(area, 601, 'state=failed').map((row) => row.error)).toEqual(
      Array(3).fill('Panel güncellemeyi reddetti'),
    );
    expect(call(area, 'post /firmware-rollouts/{id}/pause', { id: '601' }).choice?.code).toBe('409');
    const resumed = call(area, 'post /firmware-rollouts/{id}/resume', { id: '601' }).data as Rollout;
    expect(resumed.state).toBe('running');
    expect(resumed.halt_reason).toBeNull();
    await vi.advanceTimersByTimeAsync(5);
    expect(rollout(area, 601).stages[1]!.state).toBe('running');
    const aborted = call(area, 'post /firmware-rollouts/{id}/abort', { id: '601' }).data as Rollout;
    expect(aborted.state).toBe('aborted');
    await vi.advanceTimersByTimeAsync(1000);
    // Updates already sent finish; no new one starts; updated panels stay as they are.
    const after = rollout(area, 601);
    expect(after.stages[1]!.state).toBe('aborted');
    expect(after.stages[1]!.updating).toBe(0);
    expect(after.stages[1]!.done + after.stages[1]!.failed).toBe(PARALLEL);
    expect(after.stages[1]!.waiting).toBe(after.stages[1]!.size - PARALLEL);
    expect(after.stages[0]!.done).toBe(3);
  });

  it('counts a panel that stays offline as not back online; pause starts no new update', async () => {
    expect(control(area, { offline_rate: 0.5 }).status).toBe(200);
    const body = {
      firmware_id: 201,
      target: {},
      stages: [{ percent: 100 }],
      pause_minutes: 0,
      halt,
      allow_downgrade: true,
    };
    call(area, 'post /firmware-rollouts', {}, body);
    expect((call(area, 'post /firmware-rollouts/{id}/pause', { id: '601' }).data as Rollout).state).toBe('paused');
    await vi.advanceTimersByTimeAsync(1000);
    const paused = rollout(area, 601);
    expect(paused.state).toBe('paused');
    // Panel 3 is not connected: it failed at once; the others sent before the pause finished.
    expect(paused.stages[0]).toMatchObject({ updating: 0, waiting: FLEET_SIZE + 2 - PARALLEL });
    expect(panels(area, 601, 'state=failed')[0]).toMatchObject({ dev_id: PANEL_3, error: 'Panel bağlı değil' });
    expect(panels(area, 601, 'state=not_back_online').length).toBeGreaterThan(0);
    call(area, 'post /firmware-rollouts/{id}/resume', { id: '601' });
    await vi.advanceTimersByTimeAsync(20_000);
    const halted = rollout(area, 601);
    expect(halted.state).toBe('halted');
    expect(halted.halt_reason).toMatchObject({ stage: 1, size: FLEET_SIZE + 2, failed: 1, not_back_online: 30 });
  });

  it('validates its control and forgets everything on reset', () => {
    expect(control(area, { failure_rate: 2 })).toMatchObject({ answered: true, status: 400 });
    expect(control(area, { minute_ms: 0 }).status).toBe(400);
    expect(control(area, { speed: 1 }).status).toBe(400);
    expect(control(area, { failure_rate: 0.6, offline_rate: 0.6 }).status).toBe(400);
    call(
      area,
      'post /firmware-rollouts',
      {},
      {
        firmware_id: 201,
        target: {},
        stages: [{ percent: 100 }],
        pause_minutes: 0,
        halt,
        allow_downgrade: true,
      },
    );
    area.reset?.();
    expect(call(area, 'get /firmware-rollouts/{id}', { id: '601' }).choice).toEqual({ code: '404' });
    expect(rollout(area, 600).state).toBe('halted');
    expect(control(area, {}).body).toEqual({ failure_rate: 0, offline_rate: 0, minute_ms: 1000, update_ms: 1500 });
  });
});
