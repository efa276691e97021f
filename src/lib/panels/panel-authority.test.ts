import { describe, expect, it } from 'vitest';
import { passwordCheckGrants } from '../api/panel-answer.ts';
import type { UserAuthority } from '@generated/api/types.gen.ts';
import {
  authorityOfCheck,
  authorityOfUserNo,
  loginOfCheck,
  panelAuthority,
  panelUserNoOfCheck,
  planPermits,
} from './panel-authority.ts';

const BOTH = { installer: true, manage: true };
const MANAGE = { installer: false, manage: true };
const NEITHER = { installer: false, manage: false };
const allRights = { arm_disarm: true, door_open: true, manage: true, installer: true, sms: true, internet: true };

describe('panel authority from the password check', () => {
  describe('without auth flags: the user-number fallback (user_no counts from 1)', () => {
    it('0 is no user: no access', () => {
      expect(passwordCheckGrants({ err: 0, user_no: 0 })).toBe(false);
      expect(passwordCheckGrants({ err: 0 })).toBe(false);
      expect(passwordCheckGrants({ err: 0, user_no: 1 })).toBe(true);
    });

    it('1 is user 0, the installer (programmer) entry: both authorities', () => {
      expect(panelUserNoOfCheck(1)).toBe(0);
      expect(authorityOfCheck({ err: 0, user_no: 1 })).toEqual(BOTH);
      expect(loginOfCheck('1234', { err: 0, user_no: 1 })).toEqual({ password: '1234', userNo: 0, authority: BOTH });
    });

    it('2 is user 1, the master: manages the users above 1, not the installer', () => {
      expect(authorityOfCheck({ err: 0, user_no: 2 })).toEqual(MANAGE);
      expect(loginOfCheck('5678', { err: 0, user_no: 2 })).toEqual({ password: '5678', userNo: 1, authority: MANAGE });
    });

    it('3 to 20 are users 2 to 19: access without either authority', () => {
      for (const userNo of [3, 4, 20]) {
        expect(loginOfCheck('1111', { err: 0, user_no: userNo })).toEqual({
          password: '1111',
          userNo: userNo - 1,
          authority: NEITHER,
        });
      }
    });

    it('is the number plus one, not the plain number: a panel counting from 0 would be read one user off', () => {
      // What a panel that sent the plain number would mean, and what the fallback makes of it instead.
      expect(passwordCheckGrants({ err: 0, user_no: 0 })).toBe(false); // its installer: read as no user
      expect(authorityOfCheck({ err: 0, user_no: 1 })).toEqual(BOTH); // its master: read as the installer
      expect(authorityOfCheck({ err: 0, user_no: 2 })).toEqual(MANAGE); // its user 2: read as the master
      // The rule on its own, by panel user number.
      expect(authorityOfUserNo(0)).toEqual(BOTH);
      expect(authorityOfUserNo(1)).toEqual(MANAGE);
      expect(authorityOfUserNo(2)).toEqual(NEITHER);
    });
  });

  describe('with auth flags: the flags decide, whatever the number', () => {
    it('the installer with its rights', () => {
      expect(loginOfCheck('1234', { err: 0, user_no: 1, auth: allRights })).toEqual({
        password: '1234',
        userNo: 0,
        authority: BOTH,
      });
    });

    it('a master counted from 0 (user_no 1) whose flags say it is no installer is not taken for one', () => {
      expect(authorityOfCheck({ err: 0, user_no: 1, auth: { ...allRights, installer: false } })).toEqual(MANAGE);
    });

    it('an ordinary user number with the flags of an installer, or of a manager, gets them', () => {
      expect(authorityOfCheck({ err: 0, user_no: 4, auth: { installer: true, manage: true } })).toEqual(BOTH);
      expect(authorityOfCheck({ err: 0, user_no: 4, auth: { installer: false, manage: true } })).toEqual(MANAGE);
      expect(authorityOfCheck({ err: 0, user_no: 2, auth: { installer: false, manage: false } })).toEqual(NEITHER);
    });

    it('a flag the answer leaves out falls back to the number, the other is read', () => {
      expect(authorityOfCheck({ err: 0, user_no: 2, auth: { installer: true } })).toEqual(BOTH);
      expect(authorityOfCheck({ err: 0, user_no: 1, auth: { manage: false } })).toEqual({
        installer: true,
        manage: false,
      });
      expect(authorityOfCheck({ err: 0, user_no: 3, auth: { arm_disarm: true } })).toEqual(NEITHER);
    });

    it('grant no access without a user or with an error, whatever they say', () => {
      const noUser = { err: 0, user_no: 0, auth: allRights };
      const refused = { err: 2, user_no: 1, auth: allRights };
      expect(passwordCheckGrants(noUser)).toBe(false);
      expect(passwordCheckGrants(refused)).toBe(false);
      expect(passwordCheckGrants({ Err: 5, user_no: 1 })).toBe(false);
    });
  });

  it('a login carries the authority it was given; no login has none', () => {
    expect(panelAuthority({ password: '1', userNo: 3, authority: BOTH })).toEqual(BOTH);
    expect(panelAuthority(undefined)).toEqual(NEITHER);
  });
});

describe('plan permissions', () => {
  it('a plan permits only what it grants, and an unknown plan nothing', () => {
    const plan = { ARM: true, DISARM: false } as UserAuthority;
    expect(planPermits(plan, 'ARM')).toBe(true);
    expect(planPermits(plan, 'DISARM')).toBe(false);
    expect(planPermits(plan, 'BYPASS')).toBe(false);
    expect(planPermits(undefined, 'ARM')).toBe(false);
  });
});
