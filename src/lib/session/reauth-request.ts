/**
 * The one pending request to prove the account again (re-authentication, the contract's `x-reauth`): an action the
 * server refused with 403 `reauth-required` waits here, with the way to send it once more, until the person proves
 * their account in the dialog (src/features/auth/reauth/) and confirms, or cancels. Nothing is ever sent again by
 * itself: only the dialog's confirmation calls `retry`, once.
 */
export interface ReauthRequest {
  /** Tells one request from the next (each opens the dialog afresh). */
  id: number;
  /** Sends the refused action once more (the same call, the same values). */
  retry: () => Promise<unknown>;
}

let pending: ReauthRequest | null = null;
let count = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** An action was refused for a stale authentication: the dialog opens for it (a newer refusal replaces it). */
export const askReauth = (request: Omit<ReauthRequest, 'id'>): void => {
  pending = { ...request, id: ++count };
  changed();
};

/** The request waiting, if any. */
export const pendingReauth = (): ReauthRequest | null => pending;

/** The dialog closed (confirmed or cancelled): the request is gone. */
export const settleReauth = (): void => {
  pending = null;
  changed();
};

export const subscribeReauth = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
