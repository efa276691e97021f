/**
 * Leaving the session. The spec's sign-out removes the access and refresh tokens and reloads the page (at the
 * login page), which also drops every cached answer and live connection. A session that ends without the user
 * asking (a refused token, a failed refresh, an expired token) says so once on the login page it reloads to,
 * however many calls or timers notice it: the first ends it, the others find it ending.
 */
import { notifySessionEnded } from '../api/feedback.ts';
import { paths } from '../routing/paths.ts';
import { clearTokens } from './session.ts';

/** Survives the reload: the login page shows the message of the session that just ended. */
const NOTICE_KEY = 'session_ended';

let leave = (): void => window.location.assign(paths.login);
let ending = false;

/** Where the console goes once signed out (tests stay in place); also starts afresh after an ended session. */
export function configureSignOut(target: () => void): void {
  leave = target;
  ending = false;
}

/** True from the moment the session ends until the page is left: late failures of that session say nothing. */
export const isSessionEnding = (): boolean => ending;

/** The user signs out: no message. */
export function signOut(): void {
  ending = true;
  clearTokens();
  leave();
}

/** The session ended by itself: one message (on the login page), one redirect. */
export function endSession(): void {
  if (ending) return;
  ending = true;
  sessionStorage.setItem(NOTICE_KEY, '1');
  clearTokens();
  leave();
}

/** At start: says why the previous page's session ended, if it did. */
export function showSessionNotice(): void {
  if (sessionStorage.getItem(NOTICE_KEY) === null) return;
  sessionStorage.removeItem(NOTICE_KEY);
  notifySessionEnded();
}
