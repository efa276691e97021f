/**
 * The texts of the programming queue shared by the panel detail's Queue tab and the shell's notifications: a
 * write's state, the record it writes, the panel's answer.
 */
import type { CommandResult, QueueItem, QueueState } from '@generated/api/types.gen.ts';
import { groupRecordLabel } from '../forms/settings/record-labels.ts';
import type { Translate } from '../forms/settings/settings-texts.ts';
import type { TranslationKey } from '../i18n/translation-key.ts';

export const QUEUE_STATE_TEXT: Record<QueueState, TranslationKey> = {
  queued: 'programming.queue.state.queued',
  applying: 'programming.queue.state.applying',
  applied: 'programming.queue.state.applied',
  failed: 'programming.queue.state.failed',
  conflicted: 'programming.queue.state.conflicted',
  cancelled: 'programming.queue.state.cancelled',
};

/** The record a write is for (zone 2's settings, the remote server settings); the settings texts must be loaded. */
export const queueItemWhat = (tt: Translate, item: Pick<QueueItem, 'group' | 'member' | 'list_id'>): string =>
  groupRecordLabel(tt, item.group, item.group === 1 ? item.list_id : item.member);

/** The panel's answer to a write (its error code, with its text when it gave one); empty when it answered none. */
export function panelAnswerText(tt: Translate, answer: CommandResult | null | undefined): string {
  if (!answer) return '';
  const text = answer.message || answer.status;
  return text ? tt('queue.answerText', { code: answer.Err, text }) : tt('queue.answer', { code: answer.Err });
}

/** Whether a person can still cancel the write (queued or conflicted; applying and final ones cannot). */
export const cancellable = (state: QueueState): boolean => state === 'queued' || state === 'conflicted';
