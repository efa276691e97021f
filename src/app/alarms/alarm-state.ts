/**
 * The shell's view of the session's alarms: one alarm watch per tab (over the console's one live store), and hooks
 * for the bar, the badge and the list. The fleet it watches is read by fleet-watch.ts.
 */
import { useSyncExternalStore } from 'react';
import { liveStore } from '../../lib/live/live-connection.ts';
import type { LiveStatus } from '../../lib/live/live-types.ts';
import { isUnacknowledged, type Alarm } from '../../lib/alarms/alarm-book.ts';
import { AlarmWatch } from '../../lib/alarms/alarm-watch.ts';
import type { SecurityNotice } from '../../lib/alarms/security-notices.ts';
import { createFlag } from './shell-flag.ts';

let watch: AlarmWatch | undefined;

/** This tab's alarm watch (made on first use, with the live store). */
export function alarmWatch(): AlarmWatch {
  watch ??= new AlarmWatch(liveStore());
  return watch;
}

/** Whether the session's alarm list is open: the header's badge opens it, and so does the bar's "show all". */
const listOpen = createFlag();
export const setAlarmListOpen = listOpen.set;
export const useAlarmListOpen = (): boolean => useSyncExternalStore(listOpen.subscribe, listOpen.get, listOpen.get);
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
