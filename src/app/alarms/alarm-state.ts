/**
 * The shell's view of the session's alarms: one alarm watch per tab (over the console's one live store), the fleet
 * it watches read by a query, and hooks for the bar, the badge and the list.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { liveStore } from '../../lib/live/live-connection.ts';
import { isUnacknowledged, type Alarm } from '../../lib/alarms/alarm-book.ts';
import { AlarmWatch, FLEET_REFRESH_MS, readFleet } from '../../lib/alarms/alarm-watch.ts';

let watch: AlarmWatch | undefined;

/** This tab's alarm watch (made on first use, with the live store). */
export function alarmWatch(): AlarmWatch {
  watch ??= new AlarmWatch(liveStore());
  return watch;
}

/**
 * Keeps the user's whole fleet watched while the signed-in shell is shown: read now and every FLEET_REFRESH_MS
 * (panels added or removed elsewhere). A failed read keeps the fleet already watched and is tried at the next turn.
 */
export function useFleetWatch(userId: string | undefined): void {
  useEffect(() => {
    if (userId === undefined) return;
    const controller = new AbortController();
    const read = () =>
      readFleet(controller.signal).then(
        (fleet) => alarmWatch().setFleet(fleet),
        () => undefined,
      );
    void read();
    const timer = setInterval(() => void read(), FLEET_REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [userId]);
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
