/**
 * The panel logins of the panel detail pages open in this tab. Entering a panel's detail asks for its panel
 * password (`user_pass`, spec 1 §6, spec 2 §1); the accepted login is kept here while that page stays open, so its
 * tabs (the zone and output lists, the users, the programming) read with it without asking again. The page holds
 * the login (`holdPanelLogin`, panel-login-hold.ts) and lets it go when it is left: coming back asks again. Commands (arm, stay-arm,
 * disarm) and the panel list's zone and output lists never use a kept login: they ask every time they open.
 *
 * It lives in this page's memory only: never in web storage (local, session, IndexedDB) nor in a URL, so a reload,
 * another tab or a closed tab asks again. It is forgotten with the tokens at sign-out and when the session ends (in
 * this tab or in another one).
 */
import type { PanelLogin } from '../panels/panel-authority.ts';

export type { PanelLogin };

const logins = new Map<number, PanelLogin>();
const listeners = new Set<() => void>();

const changed = (): void => {
  for (const listener of listeners) listener();
};

/** The accepted login of a panel whose detail is open, if any (the same object until it changes; read only). */
export const panelLogin = (devId: number): PanelLogin | undefined => logins.get(devId);

export function rememberPanelLogin(devId: number, login: PanelLogin): void {
  logins.set(devId, { ...login, authority: { ...login.authority } });
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

export function subscribePanelLogins(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
