/**
 * How the console's tabs tell each other that the session ended. The tab where it ends posts why on the
 * BroadcastChannel `alarm-console-session` (the user signed out, or the session ended by itself). As a fallback
 * (a browser without BroadcastChannel) the other tabs learn it from the `storage` event of the access token's
 * removal; the reason is written just before under a key removed at once (each event carries the value it was
 * set to, and events arrive in the order of the changes). A token another tab stores (a sign-in, a refresh) is
 * never an end: the tabs share it.
 */
import { ACCESS_TOKEN_KEY } from './session.ts';

export const SESSION_CHANNEL = 'alarm-console-session';
/** Holds the reason of an end for the length of one write, for the storage-event fallback. */
export const END_REASON_KEY = 'session_end_reason';

/**
 * `signedOut`: the user signed out (no message anywhere); `ended`: a 401, a failed refresh or an expiry; `idle`: the
 * idle timeout signed out (idle-timeout.ts), said on the login page of every tab.
 */
export type SessionEndReason = 'signedOut' | 'ended' | 'idle';

export interface SessionEndMessage {
  type: 'session-end';
  reason: SessionEndReason;
}

const isReason = (value: unknown): value is SessionEndReason =>
  value === 'signedOut' || value === 'ended' || value === 'idle';

const isEndMessage = (value: unknown): value is SessionEndMessage =>
  typeof value === 'object' &&
  value !== null &&
  (value as Partial<SessionEndMessage>).type === 'session-end' &&
  isReason((value as Partial<SessionEndMessage>).reason);

/** This tab's end of the channel (one object: a channel never hears its own messages), or null without one. */
let channel: BroadcastChannel | null | undefined;
function sessionChannel(): BroadcastChannel | null {
  channel ??= typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null;
  return channel;
}

/** Tells the other tabs that the session ends; called before the token is removed. */
export function announceSessionEnd(reason: SessionEndReason): void {
  const message: SessionEndMessage = { type: 'session-end', reason };
  sessionChannel()?.postMessage(message);
  localStorage.setItem(END_REASON_KEY, reason);
  localStorage.removeItem(END_REASON_KEY);
}

export interface OtherTabs {
  /** The session ended in another tab (by either way; the caller makes the second one a no-op). */
  ended: (reason: SessionEndReason) => void;
  /** Another tab stored a token: it signed in, or refreshed the token the tabs share. */
  tokenStored: () => void;
}

/** The `storage` events of this window's local storage (a window; the tests give their own target). */
export type StorageEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Listens to the other tabs from now on; answers a function that stops listening. */
export function listenOtherTabs(tabs: OtherTabs, events: StorageEvents = window): () => void {
  const onMessage = (event: MessageEvent<unknown>) => {
    if (isEndMessage(event.data)) tabs.ended(event.data.reason);
  };
  let reason: SessionEndReason | undefined;
  const onStorage = (event: Event) => {
    const { key, newValue, storageArea } = event as StorageEvent;
    if (storageArea && storageArea !== localStorage) return;
    if (key === END_REASON_KEY) {
      if (isReason(newValue)) reason = newValue;
      return;
    }
    // `key` null: the whole storage was cleared, the token with it.
    if (key !== ACCESS_TOKEN_KEY && key !== null) return;
    const stored = key === null ? null : newValue;
    const said = reason;
    reason = undefined;
    // Removed without a reason (cleared by hand, an older console): the session ended by itself.
    if (stored === null) tabs.ended(said ?? 'ended');
    else tabs.tokenStored();
  };
  const listening = sessionChannel();
  listening?.addEventListener('message', onMessage);
  events.addEventListener('storage', onStorage);
  return () => {
    listening?.removeEventListener('message', onMessage);
    events.removeEventListener('storage', onStorage);
  };
}
