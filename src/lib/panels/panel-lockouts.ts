/**
 * The panels whose password is locked for this account, as their calls answered (a 429 of the `panel-password`
 * attempt limit): kept in this tab's memory until the lock ends, so every prompt of that panel's password (the
 * detail's, a command's, the panel list's zone and output lists) shows the lock with the time left and sends nothing
 * until it is over, however often it is opened. Forgotten when the session ends.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { LockoutError } from '../api/lockout-error.ts';
import { useLockoutCountdown } from '../api/use-lockout-countdown.ts';
import { getAccessToken, subscribeSession } from '../session/session.ts';

/** The attempt-limit policy of a panel's password (the contract's `x-attempt-limits.policies['panel-password']`). */
export const PANEL_PASSWORD_POLICY = 'panel-password';

/** A lock of a panel's password (the panel-password policy). */
export const isPanelPasswordLockout = (error: unknown): error is LockoutError =>
  error instanceof LockoutError && error.lockout.policy === PANEL_PASSWORD_POLICY;

const locks = new Map<number, number>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Notes the lock a failed call of the panel answered, if it was the panel password's: true when it was (the caller
 * keeps what was typed and shows the lock instead of a wrong-password message).
 */
export function notePanelLockout(devId: number, error: unknown): boolean {
  if (!isPanelPasswordLockout(error)) return false;
  if (locks.get(devId) !== error.lockout.until) {
    locks.set(devId, error.lockout.until);
    changed();
  }
  return true;
}

/** When the panel's lock ends (epoch ms), or undefined when it is not locked (an ended lock is forgotten). */
export function panelLockedUntil(devId: number, now = Date.now()): number | undefined {
  const until = locks.get(devId);
  if (until === undefined || until > now) return until;
  locks.delete(devId);
  return undefined;
}

export function forgetPanelLockouts(): void {
  if (locks.size === 0) return;
  locks.clear();
  changed();
}

export function subscribePanelLockouts(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

subscribeSession(() => {
  if (!getAccessToken()) forgetPanelLockouts();
});

/** The panel's lock: its end and the seconds left, live (0 and no end when it is not locked). */
export function usePanelLockout(devId: number): { until: number | undefined; secondsLeft: number } {
  const until = useSyncExternalStore(
    subscribePanelLockouts,
    useCallback(() => locks.get(devId), [devId]),
    () => undefined,
  );
  const left = useLockoutCountdown(until);
  return { until: left > 0 ? until : undefined, secondsLeft: left };
}
