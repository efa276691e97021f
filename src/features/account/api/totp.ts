/**
 * The proposed second factor of the own account (`/user/totp…`): its status, and the enrolment and turning off. The
 * enrolment's answers (the secret, the recovery codes) are shown once: their mutations keep nothing once their dialog
 * is gone (`gcTime: 0`), and nothing of them is written to any storage or the query cache.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  confirmTotpEnrolmentMutation,
  disableTotpMutation,
  getTotpStatusOptions,
  getTotpStatusQueryKey,
  startTotpEnrolmentMutation,
} from '@generated/api/@tanstack/react-query.gen.ts';
import { confirmStatus } from '../../../lib/api/results.ts';

/** Whether the own account signs in with a second factor, and how many recovery codes are left. */
export const useTotpStatus = (enabled: boolean) => useQuery({ ...getTotpStatusOptions(), enabled });

/** A new pending secret and its `otpauth://` URI. */
export const useStartTotpEnrolment = () => useMutation({ ...startTotpEnrolmentMutation(), gcTime: 0 });

/** The first code turns the factor on; the answer's recovery codes are shown once. */
export function useConfirmTotpEnrolment() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    ...confirmTotpEnrolmentMutation(),
    gcTime: 0,
    meta: { failureMessage: t('account.twoStep.wrongCode') },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTotpStatusQueryKey() }),
  });
}

/** Turns the factor off with a code or a recovery code (a refusal says the code was wrong, once). */
export function useDisableTotp(onDone: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    ...disableTotpMutation(),
    gcTime: 0,
    meta: { failureMessage: t('account.twoStep.wrongCode') },
    onSuccess: async (result) => {
      if (confirmStatus(result, t('account.twoStep.turnedOff'))) onDone();
      await queryClient.invalidateQueries({ queryKey: getTotpStatusQueryKey() });
    },
  });
}
