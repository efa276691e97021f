/**
 * The fleet the shell's alarm watch watches: the signed-in user's whole fleet, read at sign-in and every
 * FLEET_REFRESH_MS, tried again sooner after a failure, let go at sign-out; and whether it could not be read.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { getAccessToken, subscribeSession } from '../../lib/session/session.ts';
import { FLEET_REFRESH_MS, readFleet } from '../../lib/alarms/alarm-watch.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { alarmWatch, setAlarmListOpen } from './alarm-state.ts';
import { createFlag } from './shell-flag.ts';

/** Whether the fleet could not be read yet this session (so no panel is watched for alarms). */
const fleetUnread = createFlag();
/**
 * Whether the server refused the fleet read (403: the caller's plan, such as a session without a subscription that
 * includes the web console), rather than failing to answer it. The bar tells that cause apart from an outage.
 */
const fleetRefused = createFlag();

export const useFleetUnread = (): boolean =>
  useSyncExternalStore(fleetUnread.subscribe, fleetUnread.get, fleetUnread.get);
export const useFleetRefused = (): boolean =>
  useSyncExternalStore(fleetRefused.subscribe, fleetRefused.get, fleetRefused.get);

/** After a failed read of the fleet, the waits before the next tries (the last repeats, up to FLEET_REFRESH_MS). */
export const FLEET_RETRY_MS = [10_000, 30_000, 60_000, 120_000] as const;

/** Whose fleet is watched, and the timer of its next read. */
let fleet:
  { user: string; timer?: ReturnType<typeof setTimeout>; controller: AbortController; readNow: () => void } | undefined;

/** Stops reading the fleet and releases every panel, and forgets the session's alarms (signed out). */
function stopFleet(): void {
  if (!fleet) return;
  clearTimeout(fleet.timer);
  fleet.controller.abort();
  fleet = undefined;
  alarmWatch().setFleet([]);
  alarmWatch().book.clear();
  alarmWatch().notices.clear();
  setAlarmListOpen(false);
  fleetUnread.set(false);
  fleetRefused.set(false);
}

/**
 * Keeps the user's whole fleet watched from the first signed-in frame on: read now and every FLEET_REFRESH_MS
 * (panels added or removed elsewhere), once per tab however often the frame remounts (each page change draws it
 * anew), until the session ends. A failed read keeps the fleet already watched and is tried again sooner
 * (FLEET_RETRY_MS): a read moves nothing, and until the first read no alarm can reach the person.
 */
function keepFleet(user: string): void {
  if (fleet?.user === user) return;
  stopFleet();
  const controller = new AbortController();
  const current = { user, controller, readNow: () => readNowOnce() } as NonNullable<typeof fleet>;
  let failures = 0;
  let read = false;
  const next = (ms: number) => {
    if (!controller.signal.aborted) current.timer = setTimeout(readNow, ms);
  };
  // A read asked for while one is under way starts when it ends (it may have gone out with the old token).
  let reading = false;
  let again = false;
  const settle = (wait: number) => {
    reading = false;
    if (!again) return next(wait);
    again = false;
    readNow();
  };
  function readNow() {
    if (!getAccessToken()) return next(FLEET_REFRESH_MS);
    reading = true;
    readFleet(controller.signal).then(
      (panels) => {
        if (controller.signal.aborted) return;
        failures = 0;
        read = true;
        fleetUnread.set(false);
        fleetRefused.set(false);
        alarmWatch().setFleet(panels);
        settle(FLEET_REFRESH_MS);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (!read) fleetUnread.set(true);
        fleetRefused.set(error instanceof ApiError && error.httpStatus === 403);
        const wait = Math.min(FLEET_RETRY_MS[Math.min(failures, FLEET_RETRY_MS.length - 1)]!, FLEET_REFRESH_MS);
        failures += 1;
        settle(wait);
      },
    );
  }
  /** Reads at once instead of at the timer (a new token may carry what the refusal lacked). */
  function readNowOnce() {
    if (reading) {
      again = true;
      return;
    }
    clearTimeout(current.timer);
    readNow();
  }
  fleet = current;
  readNow();
}

// A new token of the same session (a subscription just bought, say) reads a refused fleet again at once.
subscribeSession(() => {
  if (!getAccessToken()) stopFleet();
  else if (fleetRefused.get()) fleet?.readNow();
});

/** Watches the signed-in user's fleet (see keepFleet). */
export function useFleetWatch(user: string): void {
  useEffect(() => keepFleet(user), [user]);
}
