/**
 * How an alarm reaches a person who is not looking at the bar: the siren, repeated until every alarm is
 * acknowledged (silent while the console's sounds are muted); in a hidden tab the title and the favicon marked; and
 * a system notification for each new alarm while the tab is hidden, only once the person asked for them with the
 * "notify me" control (the permission is never asked on load).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { playSound, useSoundMuted } from '../../lib/sound/sounds.ts';
import type { Alarm } from '../../lib/alarms/alarm-book.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { useAlarms, useLastRaised, unacknowledged, usePanelNames } from './alarm-state.ts';
import { useAlarmText } from './alarm-text.ts';

/** The siren plays again this often while an alarm is unacknowledged. */
export const SIREN_REPEAT_MS = 4000;
/** The person asked for system notifications in this browser. */
export const NOTIFY_KEY = 'alarm-notify';
const FAVICON = '/favicon.svg';
const ALARM_FAVICON = '/favicon-alarm.svg';

const subscribeVisibility = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
};
const isHidden = () => document.visibilityState === 'hidden';
const useHidden = () => useSyncExternalStore(subscribeVisibility, isHidden, () => false);

// ---- notification permission and the person's choice ----

export type NotifyState = 'unsupported' | 'denied' | 'off' | 'on';

const notifyListeners = new Set<() => void>();
const tellNotify = () => notifyListeners.forEach((listener) => listener());

/** The person's word in this browser: '1' notify me, '0' they stopped notifications; none, never asked. */
function readChoice(): string | null {
  try {
    return localStorage.getItem(NOTIFY_KEY);
  } catch {
    return null;
  }
}

/** The person dismissed the browser's question in this tab (it stays unanswered): the bar offers it no more. */
let offerDismissed = false;

function readNotifyState(): NotifyState {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && readChoice() === '1' ? 'on' : 'off';
}

/**
 * Whether the alarm bar offers "notify me": notifications are off and the person never chose (neither asked for them
 * nor stopped them), the browser has not blocked them, and they did not dismiss the browser's question in this tab.
 */
const readOffer = (): boolean => readNotifyState() === 'off' && readChoice() === null && !offerDismissed;

const subscribeNotify = (listener: () => void) => {
  notifyListeners.add(listener);
  // A permission changed in the browser's settings shows when the person comes back to the tab.
  document.addEventListener('visibilitychange', listener);
  return () => {
    notifyListeners.delete(listener);
    document.removeEventListener('visibilitychange', listener);
  };
};

/** Whether alarms are notified, and the two actions of the "notify me" control. */
export function useNotifyChoice(): {
  state: NotifyState;
  /** The alarm bar offers "notify me" (readOffer). */
  offered: boolean;
  enable: () => Promise<void>;
  disable: () => void;
} {
  const state = useSyncExternalStore(subscribeNotify, readNotifyState, () => 'off' as const);
  const offered = useSyncExternalStore(subscribeNotify, readOffer, () => false);
  return {
    state,
    offered,
    // Asked only here, after the person's click on "notify me" (in the alarm list or the alarm bar).
    enable: async () => {
      if (typeof Notification === 'undefined') return;
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') offerDismissed = true;
      try {
        if (permission === 'granted') localStorage.setItem(NOTIFY_KEY, '1');
      } catch {
        // Not remembered: this tab still knows the permission.
      }
      tellNotify();
    },
    disable: () => {
      try {
        // Stopped on purpose: the bar does not offer them again.
        localStorage.setItem(NOTIFY_KEY, '0');
      } catch {
        // Nothing to forget.
      }
      tellNotify();
    },
  };
}

function notify(alarm: Alarm, title: string, body: string): void {
  try {
    const notification = new Notification(title, { body, tag: alarm.id, icon: ALARM_FAVICON });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // Some browsers only notify from a service worker: the title and favicon still say it.
  }
}

function setFavicon(href: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** Runs every signal of the session's alarms; mounted once, by the shell. */
export function useAlarmSignals(): void {
  const { t } = useTranslation();
  const alarms = useAlarms();
  const raised = useLastRaised();
  const names = usePanelNames();
  const [muted] = useSoundMuted();
  const hidden = useHidden();
  const { where, kindText } = useAlarmText(names);
  const waiting = unacknowledged(alarms).length;

  // The siren, again and again while anything is unacknowledged and the sounds are on.
  useEffect(() => {
    if (!waiting || muted) return;
    playSound('siren');
    const timer = setInterval(() => playSound('siren'), SIREN_REPEAT_MS);
    return () => clearInterval(timer);
  }, [waiting, muted]);

  // The hidden tab's title and favicon.
  const marked = hidden && waiting > 0;
  const mark = `(${waiting}) ${t('alarms.titleMark')} · `;
  useEffect(() => {
    if (!marked) return;
    const base = document.title;
    document.title = `${mark}${base}`;
    setFavicon(ALARM_FAVICON);
    return () => {
      if (document.title.startsWith(mark)) document.title = document.title.slice(mark.length);
      setFavicon(FAVICON);
    };
  }, [marked, mark]);

  // A system notification for each new alarm while the tab is hidden (when the person asked for them).
  const notified = useRef(new Set<string>());
  useEffect(() => {
    if (!isHidden() || readNotifyState() !== 'on') return;
    for (const alarm of raised) {
      if (notified.current.has(alarm.id) || alarm.acknowledgedAt !== undefined) continue;
      notified.current.add(alarm.id);
      notify(
        alarm,
        `${kindText(alarm)}: ${names.get(alarm.devId) ?? alarm.devId}`,
        t('alarms.notificationBody', { where: where(alarm), time: formatDate(alarm.since, 'panel') }),
      );
    }
  }, [raised, names, where, kindText, t]);
}
