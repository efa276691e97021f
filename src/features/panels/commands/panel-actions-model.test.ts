import { describe, expect, it } from 'vitest';
import type { UserAuthority } from '@generated/api/types.gen.ts';
import type { PanelView } from '../../../lib/panels/panel-view.ts';
import { offeredActions } from './panel-actions-model.ts';

const plan: UserAuthority = {
  BYPASS: true,
  OUTPUT: true,
  PRG: true,
  ARM: true,
  DISARM: true,
  STAYARM: true,
  NO_ADS: true,
};
const panel = (extra: Partial<PanelView> = {}): PanelView => ({
  id: 1,
  dev_id: 864215040012345,
  description: 'Merkez Ofis',
  model: 'MX-16G',
  connected: true,
  armed: false,
  partcount: 0,
  PartList: [],
  ...extra,
});
const keys = (view: PanelView, authority: UserAuthority | undefined = plan) =>
  offeredActions(view, authority)
    .map((offered) => offered.key)
    .filter((key) => key !== 'program');
const reasons = (view: PanelView, authority: UserAuthority | undefined) =>
  Object.fromEntries(offeredActions(view, authority).map((offered) => [offered.key, offered.disabledReason]));

describe('offered panel actions', () => {
  it('a disarmed panel without partitions offers arm and stay-arm, not disarm', () => {
    expect(keys(panel())).toEqual(['open', 'ARM', 'STAYARM', 'zones', 'outputs']);
  });

  it('an armed or stay-armed panel offers only disarm (flags as booleans or 0/1)', () => {
    expect(keys(panel({ armed: true }))).toEqual(['open', 'DISARM', 'zones', 'outputs']);
    expect(keys(panel({ stayarmed: 1 as unknown as boolean }))).toEqual(['open', 'DISARM', 'zones', 'outputs']);
  });

  it('partitions are armed and disarmed one by one, and stay-arm is not offered', () => {
    const partitioned = panel({
      partcount: 2,
      armed: true,
      PartList: [
        { partno: 1, name: 'Depo On', armed: true },
        { partno: 2, name: 'Depo Arka', armed: false },
      ],
    });
    expect(keys(partitioned)).toEqual(['open', 'DISARM-1', 'ARM-2', 'zones', 'outputs']);
  });

  it('a disconnected panel cannot be commanded but can still be opened', () => {
    const all = reasons(panel({ connected: false }), plan);
    expect(all.open).toBeUndefined();
    for (const key of ['ARM', 'STAYARM', 'zones', 'outputs']) expect(all[key]).toBe('commands.reason.disconnected');
  });

  it('a plan permission missing disables its button with the reason', () => {
    const all = reasons(panel(), { ...plan, ARM: false, BYPASS: false });
    expect(all).toMatchObject({ ARM: 'commands.reason.plan', zones: 'commands.reason.plan' });
    expect(all.STAYARM).toBeUndefined();
    expect(all.outputs).toBeUndefined();
  });

  it('a plan not loaded yet permits nothing', () => {
    expect(reasons(panel(), undefined).ARM).toBe('commands.reason.planLoading');
  });

  it('programming: PRG and disarmed; a panel not connected is programmed through the queue in both views', () => {
    const program = (view: PanelView, authority: UserAuthority | undefined = plan) =>
      offeredActions(view, authority).find((offered) => offered.key === 'program');
    expect(program(panel())).toMatchObject({ disabledReason: undefined });
    expect(program(panel({ armed: true }))?.disabledReason).toBe('commands.reason.armed');
    expect(program(panel(), { ...plan, PRG: false })?.disabledReason).toBe('commands.reason.plan');
    expect(program(panel({ connected: false }))?.disabledReason).toBeUndefined();
    expect(program(panel({ connected: false, armed: true }))?.disabledReason).toBe('commands.reason.armed');
  });
});
