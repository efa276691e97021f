import { describe, expect, it } from 'vitest';
import type { UserAuthority } from '@generated/api/types.gen.ts';
import type { PanelView } from './panel-view.ts';
import { programmingBlock } from './programming-block.ts';

const commands = { BYPASS: false, OUTPUT: false, ARM: false, DISARM: false, STAYARM: false };
const plan: UserAuthority = { ...commands, PRG: true, NO_ADS: true };
const office: PanelView = { id: 1, dev_id: 864215040012345, description: 'Merkez Ofis', model: 'MX-16G' };
const panel = (extra: Partial<PanelView> = {}): PanelView => ({ ...office, connected: true, armed: false, ...extra });
const anywhere = { requireConnected: false };

describe('why a panel cannot be programmed now', () => {
  it('programs a disarmed panel with the plan’s PRG, whatever the plan says of the commands', () => {
    expect(programmingBlock(panel(), plan, { requireConnected: true })).toBeUndefined();
  });

  it('waits while the panel, its stay-arm or any one partition is armed', () => {
    expect(programmingBlock(panel({ stayarmed: true }), plan, anywhere)).toBe('commands.reason.armed');
    const parts = [
      { partno: 1, armed: false },
      { partno: 2, armed: true },
    ];
    expect(programmingBlock(panel({ partcount: 2, PartList: parts }), plan, anywhere)).toBe('commands.reason.armed');
  });

  it('asks for a connected panel only where the caller requires it', () => {
    const away = panel({ connected: false });
    expect(programmingBlock(away, plan, { requireConnected: true })).toBe('commands.reason.disconnected');
    expect(programmingBlock(away, plan, anywhere)).toBeUndefined();
  });

  it('waits for the plan, and refuses a plan without PRG', () => {
    expect(programmingBlock(panel(), undefined, anywhere)).toBe('commands.reason.planLoading');
    expect(programmingBlock(panel(), { ...plan, PRG: false }, anywhere)).toBe('commands.reason.plan');
  });
});
