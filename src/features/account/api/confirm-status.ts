import type { TFunction } from 'i18next';
import type { StatusResult } from '../../../../generated/api/types.gen.ts';
import { notifyError, notifySuccess } from '../../../shared/toast/notify.ts';
import { isStatusSuccess } from '../status-result.ts';

/**
 * Shows the outcome of a call that answered 200 with a status text: the given success message when the
 * status contains Success, otherwise the server's message (a 200 the gateway does not treat as a failure).
 * Returns whether the call was confirmed.
 */
export function confirmStatus(result: StatusResult, successMessage: string, t: TFunction): boolean {
  if (isStatusSuccess(result)) {
    notifySuccess(successMessage);
    return true;
  }
  notifyError(result.message || t('account.status.notConfirmed'), t('errors.title'));
  return false;
}
