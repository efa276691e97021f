/**
 * The spec's confirmations (spec 1 §8, spec 2 §8): a status containing `Success`, a panel command's `Err`, the
 * panel code request. Failures of the call itself are reported by the query caches (feedback); these are the
 * answers that arrived but say whether the panel or the server did what was asked. Messages go through feedback.
 */
import i18next from 'i18next';
import type { CommandResult, StatusResult } from '@generated/api/types.gen.ts';
import { notifyRefusal, notifySuccess } from './feedback.ts';
import { isStatusSuccess } from './status-result.ts';

/** A status answer: the given success text (default 'İşlem Başarıyla Gerçekleşti') or the server's message. */
export function confirmStatus(result: StatusResult, successMessage = i18next.t('errors.statusSuccess')): boolean {
  if (isStatusSuccess(result)) {
    notifySuccess(successMessage);
    return true;
  }
  notifyRefusal(result.message || i18next.t('errors.notConfirmed'));
  return false;
}

/** `Err` (or `err`) 0 is success. */
export const commandSucceeded = (result: Pick<CommandResult, 'Err'> | { err?: number }): boolean =>
  ('Err' in result ? result.Err : (result as { err?: number }).err) === 0;

/** A panel answer: the success text, or the persistent 'Komut panele gönderilirken bir hata oluştu'. */
function confirmPanelAnswer(result: Pick<CommandResult, 'Err'>, successMessage: () => string): boolean {
  if (commandSucceeded(result)) {
    notifySuccess(successMessage());
    return true;
  }
  notifyRefusal(i18next.t('commands.failed'));
  return false;
}

/** A panel command: 'Komut başarıyla panele gönderildi' on `Err` 0. */
export const confirmCommand = (result: Pick<CommandResult, 'Err'>): boolean =>
  confirmPanelAnswer(result, () => i18next.t('commands.success'));

/** The panel code request of the add-panel flow: the command text plus "enter the code shown on the panel". */
export const confirmCodeRequest = (result: Pick<CommandResult, 'Err'>): boolean =>
  confirmPanelAnswer(result, () => i18next.t('commands.codeSent'));
