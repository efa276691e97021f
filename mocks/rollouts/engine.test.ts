import { describe, expect, it, vi } from 'vitest';
import type { Rollout } from '@generated/api/types.gen.ts';
import { PARALLEL } from './engine.ts';
import { FLEET_SIZE } from './pool.ts';
import { call, control, halt, ONE_STAGE, panels, PANEL_1, PANEL_3, rollout, rolloutsUnderTest } from './test-kit.ts';

describe('the roll-out engine of the mock', () => {
  const under = rolloutsUnderTest();

  it('runs the stages in order with the pause between them, each panel once, to completed', async () => {
    const { area, simulator } = under;
    simulator.connected.set(PANEL_3, true);
    const body = {
      firmware_id: 201,
      target: {},
      stages: [{ percent: 10 }, { percent: 100 }],
      pause_minutes: 3,
      halt,
      allow_downgrade: true,
    };
    const started = call(area, 'startFirmwareRollout', {}, body).data as Rollout;
    expect(started).toMatchObject({ id: 601, state: 'running', model_name: 'MX-16G', firm_ver: '3.4.1' });
    expect(started.started_by).toEqual({ id: 1, name: 'Ayşe Yılmaz' });
    expect(started.stages[0]).toMatchObject({ state: 'running', size: 7, updating: PARALLEL, waiting: 7 - PARALLEL });
    // A second roll-out of the model is refused while this one runs.
    expect(call(area, 'startFirmwareRollout', {}, body).choice?.example).toBe('rollout-running');
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
    expect(call(area, 'abortFirmwareRollout', { id: '601' }).choice).toEqual({
      code: '409',
      example: 'wrong-state',
    });
  });

  it('halts on its failure rule and says why; resumed it goes on, aborted it stops', async () => {
    const { area } = under;
    expect(control(area, { failure_rate: 0.5 }).status).toBe(200);
    const body = {
      firmware_id: 201,
      target: { dealer_code: 'ANK006' },
      stages: [{ percent: 30 }, { percent: 100 }],
      pause_minutes: 0,
      halt,
      allow_downgrade: true,
    };
    call(area, 'startFirmwareRollout', {}, body);
    await vi.advanceTimersByTimeAsync(50);
    const halted = rollout(area, 601);
    expect(halted.state).toBe('halted');
    expect(halted.halt_reason).toEqual({ stage: 1, size: 6, failed: 3, not_back_online: 0, rule: halt });
    expect(panels(area, 601, 'state=failed').map((row) => row.error)).toEqual(
      Array(3).fill('Panel güncellemeyi reddetti'),
    );
    expect(call(area, 'pauseFirmwareRollout', { id: '601' }).choice?.code).toBe('409');
    const resumed = call(area, 'resumeFirmwareRollout', { id: '601' }).data as Rollout;
    expect(resumed.state).toBe('running');
    expect(resumed.halt_reason).toBeNull();
    await vi.advanceTimersByTimeAsync(5);
    expect(rollout(area, 601).stages[1]!.state).toBe('running');
    const aborted = call(area, 'abortFirmwareRollout', { id: '601' }).data as Rollout;
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
    const { area } = under;
    expect(control(area, { offline_rate: 0.5 }).status).toBe(200);
    const body = ONE_STAGE;
    call(area, 'startFirmwareRollout', {}, body);
    expect((call(area, 'pauseFirmwareRollout', { id: '601' }).data as Rollout).state).toBe('paused');
    await vi.advanceTimersByTimeAsync(1000);
    const paused = rollout(area, 601);
    expect(paused.state).toBe('paused');
    // Panel 3 is not connected: it failed at once; the others sent before the pause finished.
    expect(paused.stages[0]).toMatchObject({ updating: 0, waiting: FLEET_SIZE + 2 - PARALLEL });
    expect(panels(area, 601, 'state=failed')[0]).toMatchObject({ dev_id: PANEL_3, error: 'Panel bağlı değil' });
    expect(panels(area, 601, 'state=not_back_online').length).toBeGreaterThan(0);
    call(area, 'resumeFirmwareRollout', { id: '601' });
    await vi.advanceTimersByTimeAsync(20_000);
    const halted = rollout(area, 601);
    expect(halted.state).toBe('halted');
    expect(halted.halt_reason).toMatchObject({ stage: 1, size: FLEET_SIZE + 2, failed: 1, not_back_online: 30 });
  });
});
