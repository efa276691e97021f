/**
 * Panel logins of this session. Opening a panel (its detail, its zone and output lists, programming) needs the
 * panel password (`user_pass`); once a password is accepted for a panel it is kept here for that panel, so later
 * reads carry it without asking again. It lives in session storage (this tab only, gone with the tab), never in a
 * URL, and is cleared with the tokens at sign-out and when the session ends.
 */
const KEY = 'panel_logins';

export interface PanelLogin {
  /** The panel password the user entered. */
  password: string;
  /** The panel user the password belongs to: 0 installer (programmer entry), 1 master, 2-19 other users. */
  userNo: number;
}

type Stored = Record<string, PanelLogin>;

const listeners = new Set<() => void>();

function read(): Stored {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Stored) : {};
  } catch {
    return {};
  }
}

function write(stored: Stored): void {
  if (Object.keys(stored).length === 0) sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, JSON.stringify(stored));
  for (const listener of listeners) listener();
}

/** The accepted login of a panel in this session, if any. */
export function panelLogin(devId: number): PanelLogin | undefined {
  const login = read()[String(devId)];
  return login && typeof login.password === 'string' && Number.isInteger(login.userNo) ? login : undefined;
}

export function rememberPanelLogin(devId: number, login: PanelLogin): void {
  write({ ...read(), [String(devId)]: { password: login.password, userNo: login.userNo } });
}

/** Forgets one panel's login (its password was refused later). */
export function forgetPanelLogin(devId: number): void {
  const stored = read();
  if (!(String(devId) in stored)) return;
  delete stored[String(devId)];
  write(stored);
}

/** Forgets every panel login (sign-out, session end). */
export function forgetPanelLogins(): void {
  if (sessionStorage.getItem(KEY) === null) return;
  write({});
}

export function subscribePanelLogins(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
