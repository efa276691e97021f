import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { StatusResult } from '@generated/api/types.gen.ts';
import { notifySuccess } from './feedback.ts';
import { isStatusSuccess, StatusFailure } from './status-result.ts';

/**
 * Wraps a generated mutation answering a `StatusResult`: a `Success` status shows the success toast that
 * `successMessage` gives; any other status rejects as a `StatusFailure`, which the mutation cache reports like
 * every other failure (one toast, the server's message).
 */
export function useStatusMutation<TError, TVariables>(
  generated: UseMutationOptions<StatusResult, TError, TVariables>,
  successMessage: (t: TFunction) => string,
) {
  const { t } = useTranslation();
  const call = generated.mutationFn;
  return useMutation<StatusResult, TError | StatusFailure, TVariables>({
    // Its `meta` (a failure text, LOCKOUT_SHOWN) goes with it to the mutation cache's one report.
    meta: generated.meta,
    mutationFn: async (variables, context) => {
      if (!call) throw new Error('The generated mutation has no mutationFn');
      const result = await call(variables, context);
      if (!isStatusSuccess(result)) throw new StatusFailure(result.message?.trim() || t('auth.common.failed'));
      return result;
    },
    onSuccess: () => notifySuccess(successMessage(t)),
  });
}
