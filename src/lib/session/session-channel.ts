/**
 * How the console's tabs talk about the session, on the BroadcastChannel `alarm-console-session` (same origin only):
 *  - the end of a session: the tab where it ends posts why (the user signed out, the idle timeout, or the session
 *    ended by itself). As a fallback (a browser without BroadcastChannel) the reason is also written to local storage
 *    under a key removed at once: the other tabs read it from the `storage` event (each event carries the value it
 *    was set to). The reason is all it holds, never a token;
 *  - the access token, which lives in each tab's memory (token-store.ts): a tab that gets a new one (a sign-in, a
 *    renewal) shares it, and a tab that opens asks the others for theirs (`token-request`) before it renews from the
 *    refresh cookie (session-restore.ts). Only the console's own origin can join the channel.
 */

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

/** A tab that opened asks the others for the token they hold. */
export interface TokenRequestMessage {
  type: 'token-request';
}

/** A tab's token: an answer to a request, or a new token it got (a sign-in, a renewal). */
export interface TokenMessage {
  type: 'token';
  token: string;
}

type SessionMessage = SessionEndMessage | TokenRequestMessage | TokenMessage;

const isReason = (value: unknown): value is SessionEndReason =>
  value === 'signedOut' || value === 'ended' || value === 'idle';

/** A message of the channel, checked field by field (anything else is ignored). */
function sessionMessage(value: unknown): SessionMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = value as { type?: unknown; reason?: unknown; token?: unknown };
  if (message.type === 'session-end' && isReason(message.reason))
    return { type: 'session-end', reason: message.reason };
  if (message.type === 'token-request') return { type: 'token-request' };
  if (message.type === 'token' && typeof message.token === 'string' && message.token) {
    return { type: 'token', token: message.token };
  }
  return null;
}

/** This tab's end of the channel (one object: a channel never hears its own messages), or null without one. */
let channel: BroadcastChannel | null | undefined;
function sessionChannel(): BroadcastChannel | null {
  channel ??= typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null;
  return channel;
}

/** Tells the other tabs that the session ends; called before the token is dropped. */
export function announceSessionEnd(reason: SessionEndReason): void {
  const message: SessionEndMessage = { type: 'session-end', reason };
  sessionChannel()?.postMessage(message);
  localStorage.setItem(END_REASON_KEY, reason);
  localStorage.removeItem(END_REASON_KEY);
}

/** Gives the other tabs this tab's token (an answer, or a new token). */
export function shareToken(token: string): void {
  const message: TokenMessage = { type: 'token', token };
  sessionChannel()?.postMessage(message);
}

/** Asks the other tabs for their token; false when there is no channel to ask on. */
export function askForToken(): boolean {
  const message: TokenRequestMessage = { type: 'token-request' };
  const open = sessionChannel();
  open?.postMessage(message);
  return open !== null;
}

export interface OtherTabs {
  /** The session ended in another tab (by either way; the caller makes the second one a no-op). */
  ended?: (reason: SessionEndReason) => void;
  /** Another tab shared its token: an answer, a sign-in or a renewal. */
  tokenShared?: (token: string) => void;
  /** A tab that opened asks for the token. */
  tokenAsked?: () => void;
}

/** The `storage` events of this window's local storage (a window; the tests give their own target). */
export type StorageEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Listens to the other tabs from now on; answers a function that stops listening. */
export function listenOtherTabs(
  tabs: OtherTabs,
  events: StorageEvents | undefined = typeof window === 'undefined' ? undefined : window,
): () => void {
  const onMessage = (event: MessageEvent<unknown>) => {
    const message = sessionMessage(event.data);
    if (message?.type === 'session-end') tabs.ended?.(message.reason);
    else if (message?.type === 'token') tabs.tokenShared?.(message.token);
    else if (message?.type === 'token-request') tabs.tokenAsked?.();
  };
  const onStorage = (event: Event) => {
    const { key, newValue, storageArea } = event as StorageEvent;
    if (storageArea && storageArea !== localStorage) return;
    // The reason's write (its removal right after carries no value).
    if (key === END_REASON_KEY && isReason(newValue)) tabs.ended?.(newValue);
  };
  const listening = sessionChannel();
  listening?.addEventListener('message', onMessage);
  events?.addEventListener('storage', onStorage);
  return () => {
    listening?.removeEventListener('message', onMessage);
    events?.removeEventListener('storage', onStorage);
  };
}
