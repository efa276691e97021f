/**
 * The shell's view of the session's alarms: one alarm watch per tab (over the console's one live store), the fleet
 * it watches read by a query, and hooks for the bar, the badge and the list.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { liveStore } from '../../lib/live/live-connection.ts';
import type { LiveStatus } from '../../lib/live/live-types.ts';
import { getAccessToken, subscribeSession } from '../../lib/session/session.ts';
import { isUnacknowledged, type Alarm } from '../../lib/alarms/alarm-book.ts';
import { AlarmWatch, FLEET_REFRESH_MS, readFleet } from '../../lib/alarms/alarm-watch.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import type { SecurityNotice } from '../../lib/alarms/security-notices.ts';

let watch: AlarmWatch | undefined;

/** This tab's alarm watch (made on first use, with the live store). */
export function alarmWatch(): AlarmWatch {
  watch ??= new AlarmWatch(liveStore());
  return watch;
}

/** A boolean other parts of the shell listen to (useSyncExternalStore). */
function createFlag() {
  let value = false;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next: boolean) => {
      if (next === value) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Whether the session's alarm list is open: the header's badge opens it, and so does the bar's "show all". */
const listOpen = createFlag();
/** Whether the fleet could not be read yet this session (so no panel is watched for alarms). */
const fleetUnread = createFlag();
/**
 * Whether the server refused the fleet read (403: the caller's plan, such as a session without a subscription that
 * includes the web console), rather than failing to answer it. The bar tells that cause apart from an outage.
 */
const fleetRefused = createFlag();

export const setAlarmListOpen = listOpen.set;
export const useAlarmListOpen = (): boolean => useSyncExternalStore(listOpen.subscribe, listOpen.get, listOpen.get);
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
  listOpen.set(false);
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

const subscribeBook = (listener: () => void) => alarmWatch().book.listen(listener);
const listAlarms = () => alarmWatch().book.list();
const lastRaised = () => alarmWatch().book.lastRaised();

/** Active and recent alarms of this session, newest first. */
export const useAlarms = (): readonly Alarm[] => useSyncExternalStore(subscribeBook, listAlarms, listAlarms);

/** The alarms the last raising change brought (a new array only when new alarms come). */
export const useLastRaised = (): readonly Alarm[] => useSyncExternalStore(subscribeBook, lastRaised, lastRaised);

export const unacknowledged = (alarms: readonly Alarm[]): Alarm[] => alarms.filter(isUnacknowledged);

const subscribeNames = (listener: () => void) => alarmWatch().listenNames(listener);
const panelNames = () => alarmWatch().panelNames();

/** Panel names by device id from the fleet list (re-renders when the list is read again). */
export const usePanelNames = (): ReadonlyMap<number, string> =>
  useSyncExternalStore(subscribeNames, panelNames, panelNames);

const subscribeFeed = (listener: () => void) => liveStore().listenStatus(listener);
const feedStatus = () => liveStore().getStatus();

/** The live feed's connection, which every alarm comes through. */
export const useFeedStatus = (): LiveStatus => useSyncExternalStore(subscribeFeed, feedStatus, feedStatus);

/**
 * Whether the live feed is down: from a loss (offline, or a refusal) until a connection is signed in again. The
 * reconnect attempts in between (`connecting`, a moment each) keep it down, so the warning does not blink away at
 * every attempt; the first connection of the page is not a loss.
 */
const feedDown = createFlag();
let feedFollowed = false;
function followFeed(): void {
  if (feedFollowed) return;
  feedFollowed = true;
  const store = liveStore();
  const update = (status: LiveStatus) => {
    if (status === 'offline' || status === 'error') feedDown.set(true);
    else if (status === 'connected') feedDown.set(false);
  };
  update(store.getStatus());
  store.listenStatus(() => update(store.getStatus()));
}
const subscribeFeedDown = (listener: () => void) => {
  followFeed();
  return feedDown.subscribe(listener);
};

/** The live feed is down, so no alarm can reach the person (see feedDown). */
export const useFeedDown = (): boolean => useSyncExternalStore(subscribeFeedDown, feedDown.get, feedDown.get);

const subscribeNotices = (listener: () => void) => alarmWatch().notices.listen(listener);
const listNotices = () => alarmWatch().notices.list();
const lastNotices = () => alarmWatch().notices.lastRaised();

/** The security notices of this session not dismissed (someone is guessing a panel's password), newest first. */
export const useSecurityNotices = (): readonly SecurityNotice[] =>
  useSyncExternalStore(subscribeNotices, listNotices, listNotices);

/** The notices the last new one brought (a new array only when a new notice comes), for the one announcement. */
export const useLastNotices = (): readonly SecurityNotice[] =>
  useSyncExternalStore(subscribeNotices, lastNotices, lastNotices);
