/**
 * The shell's view of the session's alarms: one alarm watch per tab (over the console's one live store), the fleet
 * it watches read by a query, and hooks for the bar, the badge and the list.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { liveStore } from '../../lib/live/live-connection.ts';
import { getAccessToken, subscribeSession } from '../../lib/session/session.ts';
import { isUnacknowledged, type Alarm } from '../../lib/alarms/alarm-book.ts';
import { AlarmWatch, FLEET_REFRESH_MS, readFleet } from '../../lib/alarms/alarm-watch.ts';

let watch: AlarmWatch | undefined;

/** This tab's alarm watch (made on first use, with the live store). */
export function alarmWatch(): AlarmWatch {
  watch ??= new AlarmWatch(liveStore());
  return watch;
}

/** Whose fleet is watched, and the timer that reads it again. */
let fleet: { user: string; timer: ReturnType<typeof setInterval>; controller: AbortController } | undefined;

/** Stops reading the fleet and releases every panel, and forgets the session's alarms (signed out). */
function stopFleet(): void {
  if (!fleet) return;
  clearInterval(fleet.timer);
  fleet.controller.abort();
  fleet = undefined;
  alarmWatch().setFleet([]);
  alarmWatch().book.clear();
}

/**
 * Keeps the user's whole fleet watched from the first signed-in frame on: read now and every FLEET_REFRESH_MS
 * (panels added or removed elsewhere), once per tab however often the frame remounts (each page change draws it
 * anew), until the session ends. A failed read keeps the fleet already watched and is tried at the next turn.
 */
function keepFleet(user: string): void {
  if (fleet?.user === user) return;
  stopFleet();
  const controller = new AbortController();
  const read = () => {
    if (!getAccessToken()) return;
    readFleet(controller.signal).then(
      (panels) => {
        if (!controller.signal.aborted) alarmWatch().setFleet(panels);
      },
      () => undefined,
    );
  };
  fleet = { user, controller, timer: setInterval(read, FLEET_REFRESH_MS) };
  read();
}

subscribeSession(() => {
  if (!getAccessToken()) stopFleet();
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
