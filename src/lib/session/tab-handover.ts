/**
 * The access token between the console's tabs, in cookie mode (token-store.ts keeps it in each tab's memory): a tab
 * that gets a new token (a sign-in, a renewal) gives it to the others, a tab asked for its token answers, and a tab
 * that opens asks before it renews from the refresh cookie (session-restore.ts). In bearer mode each tab keeps its
 * own session (the contract's fallback): nothing is handed over.
 */
import { getAccessToken, storeAccessToken, subscribeSession, tokenExpiry } from './session.ts';
import { askForToken, listenOtherTabs, shareToken, type StorageEvents } from './session-channel.ts';
import { isSessionEnding } from './sign-out.ts';
import { otherTabsOpen, startTabPresence } from './tab-presence.ts';
import { tokenStoreMode } from './token-store.ts';

/** How long a tab that opens waits for another tab's token before it renews from the cookie. */
export const HANDOVER_WAIT_MS = 200;

/** Whether a token another tab gave replaces the one held: none is held, or it lasts at least as long. */
export function takesOver(received: string, held: string | null): boolean {
  if (held === null) return true;
  if (received === held) return false;
  return (tokenExpiry(received) ?? 0) >= (tokenExpiry(held) ?? 0);
}

/** Hands this tab's token to the other tabs, and takes theirs, from now on; answers a function that stops it. */
export function shareTokenWithTabs(events?: StorageEvents): () => void {
  if (tokenStoreMode() !== 'cookie') return () => undefined;
  void startTabPresence();
  /** The last token given or taken, so that a token taken from another tab is not given back. */
  let known = getAccessToken();
  const stopWatching = subscribeSession(() => {
    const token = getAccessToken();
    if (token !== null && token !== known && !isSessionEnding()) shareToken(token);
    known = token;
  });
  const stopListening = listenOtherTabs(
    {
      tokenAsked: () => {
        const token = getAccessToken();
        if (token !== null && !isSessionEnding()) shareToken(token);
      },
      tokenShared: (token) => {
        if (isSessionEnding() || !takesOver(token, getAccessToken())) return;
        known = token;
        storeAccessToken(token);
      },
    },
    events,
  );
  return () => {
    stopWatching();
    stopListening();
  };
}

/**
 * Asks the other tabs for their token: the first answer, or null when none comes within `waitMs` — at once when no
 * other console tab is open (tab-presence.ts), so a lone tab's reload does not wait.
 */
export async function askOtherTabs(waitMs = HANDOVER_WAIT_MS, events?: StorageEvents): Promise<string | null> {
  if (!(await otherTabsOpen())) return null;
  return new Promise((resolve) => {
    // Called only once `stop` and `timer` exist: an answer comes later, and the ask below goes out after both.
    const finish = (token: string | null) => {
      clearTimeout(timer);
      stop();
      resolve(token);
    };
    const stop = listenOtherTabs({ tokenShared: finish }, events);
    const timer = setTimeout(() => finish(null), waitMs);
    if (!askForToken()) finish(null);
  });
}
