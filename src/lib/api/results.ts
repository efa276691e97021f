/**
 * The spec's confirmations (spec 1 §8, spec 2 §8): a status containing `Success`, a panel command's `Err`, the
 * panel code request. Failures of the call itself are reported by the query caches (feedback); these are the
 * answers that arrived but say whether the panel or the server did what was asked. Messages go through feedback.
 */
import i18next from 'i18next';
import type { CommandResult, StatusResult } from '@generated/api/types.gen.ts';
import { notifyRefusal, notifySuccess, notifyWarningOnce } from './feedback.ts';
import { panelAccepted, passwordCheckGrants } from './panel-answer.ts';
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
  panelAccepted(result);

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

/**
 * The password check of a panel login (getpanelsettings command USER): access only when `err` is 0 and `user_no`
 * is above 0 (`passwordCheckGrants`); otherwise the danger toast 'Yetki Bulunamadı' / 'Lütfen yetkili bir kullanıcı
 * ile giriş yapınız'.
 */
export function confirmPanelLogin(result: { err?: number; Err?: number; user_no?: number }): boolean {
  if (passwordCheckGrants(result)) return true;
  notifyNoAuthority();
  return false;
}

/** No panel user behind the password (spec 1 §6, §8): 'Yetki Bulunamadı', stays until closed. */
export const notifyNoAuthority = (): void =>
  notifyRefusal(i18next.t('errors.noAuthorityText'), i18next.t('errors.noAuthorityTitle'));

/** A panel that took an arm command but whose live state did not turn armed: a warning naming the panel. */
export const notifyNotArmed = (panelName: string, seconds: number): void =>
  notifyWarningOnce(
    i18next.t('commands.ready.notArmed', { name: panelName, seconds }),
    i18next.t('commands.ready.notArmedTitle'),
  );
