/**
 * Where this tab keeps the access token, by the session mode of config.json (`session`):
 *  - `cookie` (the default): in memory only, in this module. Nothing a script reads survives the page: a reload or a
 *    new tab gets the token from another open tab or renews it from the `HttpOnly` refresh cookie
 *    (session-restore.ts), and a closed browser keeps nothing (the cookie is a session cookie).
 *  - `bearer` (a backend that sets no refresh cookie): in memory and in this tab's sessionStorage, so that a reload
 *    keeps the session; never in localStorage: it is gone with the tab, and each new tab signs in again.
 */
import type { SessionMode } from '../config/config.ts';

/** The sessionStorage key of the token in bearer mode (and the localStorage key older consoles used). */
export const ACCESS_TOKEN_KEY = 'access_token';

/**
 * Set in this tab's sessionStorage when its session ends (a sign-out, the idle timeout, a refused token), until the
 * next sign-in here: the login page the tab goes to then never renews from the refresh cookie by itself, should the
 * server not have cleared it (a sign-out whose revocation got no answer).
 */
export const SESSION_LEFT_KEY = 'session_left';

type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

let mode: SessionMode = 'cookie';
let storage: TabStorage | undefined;
let held: string | null = null;

/**
 * Chooses where the token is kept, once at start (tests again between cases). In bearer mode the token of this tab's
 * earlier page is taken up; in cookie mode one left by a bearer configuration is removed.
 */
export function configureTokenStore(next: SessionMode, tabStorage: TabStorage = sessionStorage): void {
  mode = next;
  storage = tabStorage;
  held = mode === 'bearer' ? tabStorage.getItem(ACCESS_TOKEN_KEY) : null;
  if (mode === 'cookie') tabStorage.removeItem(ACCESS_TOKEN_KEY);
}

export const tokenStoreMode = (): SessionMode => mode;

export const readToken = (): string | null => held;

/** Keeps `token` (null: none), in memory and, in bearer mode only, in this tab's sessionStorage. */
export function writeToken(token: string | null): void {
  held = token;
  if (token !== null) storage?.removeItem(SESSION_LEFT_KEY);
  if (mode !== 'bearer' || !storage) return;
  if (token === null) storage.removeItem(ACCESS_TOKEN_KEY);
  else storage.setItem(ACCESS_TOKEN_KEY, token);
}

/** This tab's session ended: no renewal from the cookie at its next page until a sign-in here. */
export const markSessionLeft = (): void => storage?.setItem(SESSION_LEFT_KEY, '1');

/** Whether this tab's session ended and no sign-in followed (see SESSION_LEFT_KEY). */
export const sessionLeftHere = (): boolean => storage?.getItem(SESSION_LEFT_KEY) === '1';
