/**
 * Who may do what on a panel (spec 1 §6, spec 2 §1):
 *  - the plan's permissions from `user-authority` (BYPASS, OUTPUT, PRG, ARM, DISARM, STAYARM) gate their buttons;
 *  - the panel-level authority (installer, manage) belongs to the panel user whose password opened the panel, and
 *    the password check (getpanelsettings command USER, `PanelPasswordCheckResult`) tells it. Where the answer
 *    carries the user's rights (`auth.installer`, `auth.manage`), they are read. A flag it does not carry falls
 *    back to the panel user number (the contract's gap list): `user_no` counts from 1, so 0 is no user, 1 is user 0
 *    (the installer or programmer entry, both authorities), 2 is user 1 (the master, manages the users above 1),
 *    and 3-20 are users 2-19 (neither).
 */
import type { PanelPasswordCheckResult, PanelUserAuth, UserAuthority } from '@generated/api/types.gen.ts';

export type PlanPermission = keyof Pick<UserAuthority, 'BYPASS' | 'OUTPUT' | 'PRG' | 'ARM' | 'DISARM' | 'STAYARM'>;

export interface PanelAuthority {
  /** Sees the "other menu", the program buttons, panel user 0 and the add buttons. */
  installer: boolean;
  /** May delete and change the passwords of panel users above 1. */
  manage: boolean;
}

/** A panel's accepted login: the password, its panel user and what that user may do (kept by session/panel-logins.ts). */
export interface PanelLogin {
  /** The panel password the user entered. */
  readonly password: string;
  /** The panel user the password belongs to: 0 installer (programmer entry), 1 master, 2-19 other users. */
  readonly userNo: number;
  /** What that panel user may do on the panel, as the password check answered it. */
  readonly authority: Readonly<PanelAuthority>;
}

/** A password check's answer as it arrives: `Err` or `err`, and whatever it carries of `user_no` and `auth`. */
export type PasswordCheckAnswer = Partial<Pick<PanelPasswordCheckResult, 'err' | 'user_no'>> & {
  Err?: number;
  auth?: PanelUserAuth;
};

export const INSTALLER_USER_NO = 0;
export const MASTER_USER_NO = 1;

const NO_AUTHORITY: PanelAuthority = { installer: false, manage: false };

/** The panel user number of a password check's `user_no` (which counts from 1; 0 means no user matched). */
export const panelUserNoOfCheck = (checkUserNo: number): number => checkUserNo - 1;

/** The fallback: the authority of a panel user number (0 installer entry, 1 master, 2-19 users). */
export function authorityOfUserNo(userNo: number): PanelAuthority {
  const installer = userNo === INSTALLER_USER_NO;
  return { installer, manage: installer || userNo === MASTER_USER_NO };
}

/** The authority a password check answered: its `auth` flags where it carries them, else the number rule. */
export function authorityOfCheck(answer: PasswordCheckAnswer): PanelAuthority {
  const byNumber = authorityOfUserNo(panelUserNoOfCheck(answer.user_no ?? 0));
  return {
    installer: answer.auth?.installer ?? byNumber.installer,
    manage: answer.auth?.manage ?? byNumber.manage,
  };
}

/**
 * The login a password check opens, once it granted access (`passwordCheckGrants` of src/lib/api/panel-answer.ts:
 * no error and `user_no` above 0).
 */
export function loginOfCheck(password: string, answer: PasswordCheckAnswer): PanelLogin {
  return {
    password,
    userNo: panelUserNoOfCheck(answer.user_no ?? 0),
    authority: authorityOfCheck(answer),
  };
}

/** The authority of a panel login; none without one. */
export const panelAuthority = (login: PanelLogin | undefined): PanelAuthority => login?.authority ?? NO_AUTHORITY;

/** A plan permission; a plan not loaded yet permits nothing (its buttons wait, they never guess). */
export const planPermits = (plan: UserAuthority | undefined, permission: PlanPermission): boolean =>
  plan?.[permission] === true;
