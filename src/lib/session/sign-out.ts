/**
 * Leaving the session. Sign-out first asks the server to revoke the session (revoke-session.ts: a short wait, whatever
 * it answers; the server also clears the refresh cookie), then drops the access token and reloads the page (at the
 * login page, which renews nothing from the cookie until the next sign-in in this tab: token-store.ts), which also
 * drops every cached answer, panel login and live connection. A session that ends without the user asking (a
 * refused token, a failed refresh, an expired token) says so once on the login page it reloads to, however many
 * calls or timers notice it: the first ends it, the others find it ending. Either way every other tab of the
 * console that holds the session ends it too, within moments and in the same way (one message, or none after the
 * user's own sign-out), through session-channel.ts.
 */
import { notifyIdleSignOut, notifySessionEnded } from '../api/feedback.ts';
import { paths } from '../routing/paths.ts';
import { clearSession, getAccessToken, subscribeSession } from './session.ts';
import { announceSessionEnd, listenOtherTabs, type SessionEndReason, type StorageEvents } from './session-channel.ts';
import { markSessionLeft } from './token-store.ts';

/** Survives the reload (in this tab only): the login page shows the message of the session that just ended. */
const NOTICE_KEY = 'session_ended';

let leave = (): void => window.location.assign(paths.login);
/** The server's revocation (revoke-session.ts), loaded when a sign-out asks for it: no first screen carries it. */
const revokeSession = (token: string): Promise<void> =>
  import('./revoke-session.ts').then((module) => module.revokeSession(token)).catch(() => undefined);
let revoke: (token: string) => Promise<void> = revokeSession;
let ending = false;

/**
 * Where the console goes once signed out (tests stay in place), and how the server revokes the session; also starts
 * afresh after an ended session.
 */
export function configureSignOut(
  target: () => void,
  revokeOnServer: (token: string) => Promise<void> = revokeSession,
): void {
  leave = target;
  revoke = revokeOnServer;
  ending = false;
}

/** True from the moment the session ends until the page is left: late failures of that session say nothing. */
export const isSessionEnding = (): boolean => ending;

function end(reason: SessionEndReason, onlyToken?: string): void {
  ending = true;
  if (reason !== 'signedOut') sessionStorage.setItem(NOTICE_KEY, reason);
  clearSession(onlyToken);
  markSessionLeft();
  leave();
}

/**
 * The user signs out: no message, here or in another tab. The session is ending from the first moment (a 401 of the
 * revocation or of a late call says nothing), the other tabs leave at once, and this one once the server revoked the
 * session or gave up trying (revoke-session.ts).
 */
export const signOut = (): Promise<void> => leaveSession('signedOut');

/** The idle timeout signs out (idle-timeout.ts): as the user's own sign-out, but every tab's login page says why. */
export const signOutIdle = (): Promise<void> => leaveSession('idle');

async function leaveSession(reason: 'signedOut' | 'idle'): Promise<void> {
  if (ending) return;
  ending = true;
  announceSessionEnd(reason);
  const token = getAccessToken();
  if (token !== null) await revoke(token);
  end(reason);
}

/** The session ended by itself: one message (on the login page), one redirect, in every tab. */
export function endSession(): void {
  if (ending) return;
  announceSessionEnd('ended');
  end('ended');
}

/**
 * Follows the other tabs from now on: when the session this tab holds ends in another one, it ends here the same
 * way. (A token another tab shares is taken up by tab-handover.ts, never an end.)
 */
export function followOtherTabs(events?: StorageEvents): () => void {
  /** The token this tab holds (the one kept when it last looked), null when it holds no session. */
  let held = getAccessToken();
  const stopWatching = subscribeSession(() => {
    held = getAccessToken();
  });
  const stopListening = listenOtherTabs(
    {
      ended: (reason) => {
        if (ending || held === null) return;
        // Only the token this tab held is dropped (a newer one handed over meanwhile is another session).
        end(reason, held);
      },
    },
    events,
  );
  return () => {
    stopWatching();
    stopListening();
  };
}

/** At start: says why the previous page's session ended, if it did. */
export function showSessionNotice(): void {
  const reason = sessionStorage.getItem(NOTICE_KEY);
  if (reason === null) return;
  sessionStorage.removeItem(NOTICE_KEY);
  if (reason === 'idle') notifyIdleSignOut();
  else notifySessionEnded();
}
