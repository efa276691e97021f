/**
 * Panel logins of this page. Opening a panel (its detail, its zone and output lists, programming) needs the panel
 * password (`user_pass`); once a password is accepted for a panel it is kept here for that panel, so later reads
 * carry it without asking again. It lives in this page's memory only: never in web storage (local, session,
 * IndexedDB) nor in a URL, so a reload, another tab or a closed tab asks again. It is forgotten with the tokens at
 * sign-out and when the session ends (in this tab or in another one).
 */
export interface PanelLogin {
  /** The panel password the user entered. */
  password: string;
  /** The panel user the password belongs to: 0 installer (programmer entry), 1 master, 2-19 other users. */
  userNo: number;
}

const logins = new Map<number, PanelLogin>();
const listeners = new Set<() => void>();

const changed = (): void => {
  for (const listener of listeners) listener();
};

/** The accepted login of a panel on this page, if any. */
export const panelLogin = (devId: number): PanelLogin | undefined => {
  const login = logins.get(devId);
  return login && { ...login };
};

export function rememberPanelLogin(devId: number, login: PanelLogin): void {
  logins.set(devId, { password: login.password, userNo: login.userNo });
  changed();
}

/** Forgets one panel's login (its password was refused later). */
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
