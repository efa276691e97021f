/**
 * Who may do what on a panel (spec 1 §6, spec 2 §1):
 *  - the plan's permissions from `user-authority` (BYPASS, OUTPUT, PRG, ARM, DISARM, STAYARM) gate their buttons;
 *  - the panel-level authority follows the panel user whose password opened the panel. The spec names the
 *    authorities (installer, manage) without saying how the console learns them; the console reads them from the
 *    panel user number the password check answers: user 0 is the installer (programmer) entry and has both,
 *    user 1 (master) manages the users above 1, the others have neither.
 */
import type { UserAuthority } from '@generated/api/types.gen.ts';
import type { PanelLogin } from '../session/panel-logins.ts';

export type PlanPermission = keyof Pick<UserAuthority, 'BYPASS' | 'OUTPUT' | 'PRG' | 'ARM' | 'DISARM' | 'STAYARM'>;

export interface PanelAuthority {
  /** Sees the "other menu", the program buttons, panel user 0 and the add buttons. */
  installer: boolean;
  /** May delete and change the passwords of panel users above 1. */
  manage: boolean;
}

export const INSTALLER_USER_NO = 0;
export const MASTER_USER_NO = 1;

export function panelAuthority(login: PanelLogin | undefined): PanelAuthority {
  if (!login) return { installer: false, manage: false };
  const installer = login.userNo === INSTALLER_USER_NO;
  return { installer, manage: installer || login.userNo === MASTER_USER_NO };
}

/** The panel user number of a password check's `user_no` (which counts from 1; 0 means no user matched). */
export const panelUserNoOfCheck = (checkUserNo: number): number => checkUserNo - 1;

/** A plan permission; a plan not loaded yet permits nothing (its buttons wait, they never guess). */
export const planPermits = (plan: UserAuthority | undefined, permission: PlanPermission): boolean =>
  plan?.[permission] === true;
