import { describe, expect, it } from 'vitest';
import { call, control, ONE_STAGE, rollout, rolloutsUnderTest } from '../rollouts/test-kit.ts';

describe('the firmware roll-outs area of the mock', () => {
  const under = rolloutsUnderTest();

  it('validates its control and forgets everything on reset', () => {
    const { area } = under;
    expect(control(area, { failure_rate: 2 })).toMatchObject({ answered: true, status: 400 });
    expect(control(area, { minute_ms: 0 }).status).toBe(400);
    expect(control(area, { speed: 1 }).status).toBe(400);
    expect(control(area, { failure_rate: 0.6, offline_rate: 0.6 }).status).toBe(400);
    call(area, 'startFirmwareRollout', {}, ONE_STAGE);
    area.reset?.();
    expect(call(area, 'getFirmwareRollout', { id: '601' }).choice).toEqual({ code: '404' });
    expect(rollout(area, 600).state).toBe('halted');
    expect(control(area, {}).body).toEqual({ failure_rate: 0, offline_rate: 0, minute_ms: 1000, update_ms: 1500 });
  });
});
