import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StatusResult } from '@generated/api/types.gen.ts';
import { notifyError, notifySuccess } from '../../../shared/toast/notify.ts';
import { isStatusSuccess } from '../../../lib/api/status-result.ts';
import { StatusFailure } from './status.ts';

/**
 * Wraps a generated mutation answering a `StatusResult`: a `Success` status shows the success toast named by
 * `successKey`; any other status becomes a `StatusFailure` with its own (persistent) error toast. Server errors
 * were already shown by the gateway, so they get no second toast here.
 */
export function useStatusMutation<TError, TVariables>(
  generated: UseMutationOptions<StatusResult, TError, TVariables>,
  successKey: string,
) {
  const { t } = useTranslation();
  const call = generated.mutationFn;
  return useMutation<StatusResult, TError | StatusFailure, TVariables>({
    mutationFn: async (variables, context) => {
      if (!call) throw new Error('The generated mutation has no mutationFn');
      const result = await call(variables, context);
      if (!isStatusSuccess(result)) throw new StatusFailure(result.message?.trim() || t('auth.common.failed'));
      return result;
    },
    onSuccess: () => void notifySuccess(t(successKey)),
    onError: (error) => {
      if (error instanceof StatusFailure) notifyError(error.message, t('errors.title'));
    },
  });
}
