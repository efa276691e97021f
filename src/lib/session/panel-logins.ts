/**
 * The panel logins of the panel detail pages open in this tab. Entering a panel's detail asks for its panel
 * password (`user_pass`, spec 1 §6, spec 2 §1); the accepted login is kept here while that page stays open, so its
 * tabs (the zone and output lists, the users, the programming) read with it without asking again. The page holds
 * the login (`holdPanelLogin`) and lets it go when it is left: coming back asks again. Commands (arm, stay-arm,
 * disarm) and the panel list's zone and output lists never use a kept login: they ask every time they open.
 *
 * It lives in this page's memory only: never in web storage (local, session, IndexedDB) nor in a URL, so a reload,
 * another tab or a closed tab asks again. It is forgotten with the tokens at sign-out and when the session ends (in
 * this tab or in another one).
 */
import type { PanelAuthority } from '../panels/panel-authority.ts';

export interface PanelLogin {
  /** The panel password the user entered. */
  readonly password: string;
  /** The panel user the password belongs to: 0 installer (programmer entry), 1 master, 2-19 other users. */
  readonly userNo: number;
  /** What that panel user may do on the panel, as the password check answered it. */
  readonly authority: Readonly<PanelAuthority>;
}

const logins = new Map<number, PanelLogin>();
const holders = new Map<number, number>();
/** Panels whose page let go in this turn: a hold now is the same page mounted again. */
const releasing = new Set<number>();
const listeners = new Set<() => void>();

const changed = (): void => {
  for (const listener of listeners) listener();
};

/** The accepted login of a panel whose detail is open, if any (the same frozen object until it changes). */
export const panelLogin = (devId: number): PanelLogin | undefined => logins.get(devId);

export function rememberPanelLogin(devId: number, login: PanelLogin): void {
  const kept: PanelLogin = Object.freeze({
    password: login.password,
    userNo: login.userNo,
    authority: Object.freeze({ installer: login.authority.installer, manage: login.authority.manage }),
  });
  logins.set(devId, kept);
  changed();
}

/** Forgets one panel's login (its password was refused later, the user switches, its page was left). */
export function forgetPanelLogin(devId: number): void {
  if (logins.delete(devId)) changed();
}

/** Forgets every panel login (sign-out, session end). */
export function forgetPanelLogins(): void {
  if (logins.size === 0) return;
  logins.clear();
  changed();
}

/**
 * A panel's detail page is open: its login is kept until the page lets go (the function answered). Letting go
 * forgets the login unless the page is back in the same turn (React mounting it again, as its development mode
 * does). Entering afresh starts without a login: one accepted before the page was entered is not the page's.
 */
export function holdPanelLogin(devId: number): () => void {
  const first = !holders.has(devId);
  // Entering afresh (not the same page mounted again in this turn): a login kept before is not the page's.
  if (first && !releasing.has(devId)) logins.delete(devId);
  holders.set(devId, (holders.get(devId) ?? 0) + 1);
  if (first) changed();
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    const left = (holders.get(devId) ?? 1) - 1;
    if (left > 0) return void holders.set(devId, left);
    holders.delete(devId);
    releasing.add(devId);
    setTimeout(() => {
      releasing.delete(devId);
      if (!holders.has(devId)) forgetPanelLogin(devId);
    }, 0);
  };
}

/** The login of a panel whose detail page holds it (what the page shows with), if any. */
export const heldPanelLogin = (devId: number): PanelLogin | undefined =>
  holders.has(devId) ? logins.get(devId) : undefined;

export function subscribePanelLogins(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
