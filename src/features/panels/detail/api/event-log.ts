/**
 * The Logs tab: the panel's event log, read with getpanelsettings command EVENT, 10 events from position 1 (spec 1
 * §2, spec 2 §7), and the next 10 on request. The read carries the panel password of the page's login; an
 * answer that refuses it forgets the login, so the page asks for the password again.
 */
import i18next from 'i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getPanelSettings } from '@generated/api/sdk.gen.ts';
import type { PanelEventLogEntry, SettingsReadResult } from '@generated/api/types.gen.ts';
import { panelAccepted } from '../../../../lib/api/panel-answer.ts';
import { StatusFailure } from '../../../../lib/api/status-result.ts';
import type { PanelLogin } from '../../../../lib/session/panel-logins.ts';
import { isPasswordRefusal, refusedLogin } from '../../../../lib/panels/password-refusal.ts';

/** Events per read and the position of the newest (spec constants). */
export const EVENT_COUNT = 10;
export const FIRST_EVENT_POSITION = 1;

/** The position of the page after `pages` (pages of 10 from position 1: 1, 11, 21...). */
export const nextEventPosition = (pages: readonly (readonly PanelEventLogEntry[])[]): number | undefined => {
  const last = pages.at(-1);
  // A short page is the end of the log.
  if (last && last.length < EVENT_COUNT) return undefined;
  return FIRST_EVENT_POSITION + pages.length * EVENT_COUNT;
};

/** The events of an EVENT answer; any other answer is a refusal or the panel's error. */
export function eventsOf(devId: number, result: SettingsReadResult): PanelEventLogEntry[] {
  if (panelAccepted(result) && 'data' in result && Array.isArray(result.data)) {
    return result.data as PanelEventLogEntry[];
  }
  if (isPasswordRefusal(result)) throw refusedLogin(devId);
  throw new StatusFailure(i18next.t('commands.failed'));
}

export function useEventLog(devId: number, login: PanelLogin) {
  return useInfiniteQuery({
    // getpanelsettings is a POST, so the generator makes no query key for it: this one names the panel and the
    // password's owner, so another login reads the log afresh.
    queryKey: ['getPanelSettings', 'EVENT', devId, login.userNo],
    initialPageParam: FIRST_EVENT_POSITION,
    queryFn: async ({ pageParam, signal }) => {
      const { data } = await getPanelSettings({
        body: {
          dev_id: devId,
          command: 'EVENT',
          user_pass: login.password,
          group: 0,
          member: 0,
          offset: 0,
          list_id: 0,
          event_start_pos: pageParam,
          event_count: EVENT_COUNT,
        },
        signal,
        throwOnError: true,
      });
      return eventsOf(devId, data);
    },
    getNextPageParam: (_last, pages) => nextEventPosition(pages),
    // The log is read when the tab opens; it is not re-read behind the person's back.
    staleTime: Infinity,
  });
}
