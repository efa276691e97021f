import { describe, expect, it } from 'vitest';
import type { UserAuthority } from '@generated/api/types.gen.ts';
import { panelAuthority, panelUserNoOfCheck, planPermits } from './panel-authority.ts';

describe('panel authority', () => {
  it('the installer entry (user 0) has both authorities, the master manages, others neither', () => {
    expect(panelAuthority({ password: '1234', userNo: 0 })).toEqual({ installer: true, manage: true });
    expect(panelAuthority({ password: '5678', userNo: 1 })).toEqual({ installer: false, manage: true });
    expect(panelAuthority({ password: '1111', userNo: 2 })).toEqual({ installer: false, manage: false });
    expect(panelAuthority(undefined)).toEqual({ installer: false, manage: false });
  });

  it("reads the panel user from the check's user_no, which counts from 1", () => {
    expect(panelUserNoOfCheck(1)).toBe(0);
    expect(panelUserNoOfCheck(2)).toBe(1);
  });

  it('a plan permits only what it grants, and an unknown plan nothing', () => {
    const plan = { ARM: true, DISARM: false } as UserAuthority;
    expect(planPermits(plan, 'ARM')).toBe(true);
    expect(planPermits(plan, 'DISARM')).toBe(false);
    expect(planPermits(plan, 'BYPASS')).toBe(false);
    expect(planPermits(undefined, 'ARM')).toBe(false);
  });
});
