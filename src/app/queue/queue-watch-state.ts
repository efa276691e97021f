/**
 * The shell's programming-queue watch, loaded with the alarm bar after the signed-in frame's first
 * paint (never on the sign-in path; in the alarm bar's chunk, so it splits no shared chunk of its own): one watch per tab while signed in, reading the queue's summary (the counts of the
 * panel list and the panel detail) and telling, once each, the writes it saw waiting that were applied, failed or
 * conflicted. A panel with writes waiting that connects (the live feed) is read at once; sign-out stops it.
 */
import { useEffect } from 'react';
import i18next from 'i18next';
import { getPanelQueue, getPanelQueueSummary } from '@generated/api/sdk.gen.ts';
import type { QueueItem } from '@generated/api/types.gen.ts';
import { notifyQueueOutcome } from '../../lib/api/feedback.ts';
import { schemaTranslate } from '../../lib/forms/settings/settings-texts.ts';
import { loadSettingsTexts } from '../../lib/i18n/i18n.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import { liveStore } from '../../lib/live/live-connection.ts';
import { listenQueueChecks, queueCounts } from '../../lib/queue/queue-counts.ts';
import { panelAnswerText, queueItemWhat } from '../../lib/queue/queue-texts.ts';
import { QUEUE_PAGE, QueueWatch, type QueueOutcome } from '../../lib/queue/queue-watch.ts';
import { getAccessToken, subscribeSession } from '../../lib/session/session.ts';
import { alarmWatch } from '../alarms/alarm-state.ts';

const NOTIFY_TEXT: Record<QueueOutcome, TranslationKey> = {
  applied: 'queue.notify.applied',
  failed: 'queue.notify.failed',
  conflicted: 'queue.notify.conflicted',
};

/** One toast for a followed write's outcome, naming the panel (as the fleet list has it) and the record. */
function tell(item: QueueItem & { state: QueueOutcome }): void {
  void loadSettingsTexts().then(() => {
    const tt = schemaTranslate(i18next.t);
    const message = i18next.t(NOTIFY_TEXT[item.state], {
      panel: alarmWatch().nameOf(item.dev_id) ?? String(item.dev_id),
      what: queueItemWhat(tt, item),
      answer: panelAnswerText(tt, item.panel_answer),
    });
    notifyQueueOutcome(item.state, message);
  });
}

let current: { user: string; watch: QueueWatch; release: () => void } | undefined;

function stopWatch(): void {
  if (!current) return;
  current.release();
  current.watch.stop();
  current = undefined;
}

function keepWatch(user: string): void {
  if (current?.user === user) return;
  stopWatch();
  const watch = new QueueWatch({
    readSummary: async (signal) => (await getPanelQueueSummary({ signal, throwOnError: true })).data.data,
    readItems: async (query, signal) =>
      (await getPanelQueue({ query: { ...query, limit: QUEUE_PAGE }, signal, throwOnError: true })).data.data,
    notify: tell,
  });
  // A panel with writes waiting that connects: the server applies its queue now.
  const stopChanges = liveStore().listenChanges((changes) => {
    const counts = queueCounts();
    if (changes.some((change) => counts.has(change.devId) && change.state.connected && !change.previous?.connected)) {
      watch.checkNow();
    }
  });
  const stopChecks = listenQueueChecks((item) => {
    if (item) watch.follow(item);
    watch.checkNow();
  });
  current = {
    user,
    watch,
    release: () => {
      stopChanges();
      stopChecks();
    },
  };
  watch.start();
}

subscribeSession(() => {
  if (!getAccessToken()) stopWatch();
});

/** Keeps this tab's queue watch running for the signed-in user (the alarm bar calls it, as it watches the fleet). */
export function useQueueWatch(userName: string): void {
  useEffect(() => keepWatch(userName), [userName]);
}
