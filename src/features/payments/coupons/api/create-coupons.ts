/**
 * An administrator's coupons without payment (`POST /coupons/create-for-administrator`): on success the spec's
 * 'Kuponlarınız başarıyla oluşturuldu', `onDone` (the modal closes) and the requests list is read again. A failed call
 * is the error module's one toast (the mutation cache). Never retried automatically.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createCouponsForAdministratorMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { notifySuccess } from '../../../../lib/api/feedback.ts';
import { reloadCouponRequests } from './coupon-requests.ts';

export function useCreateCouponsForAdministrator(onDone: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    ...createCouponsForAdministratorMutation(),
    retry: false,
    onSuccess: async () => {
      notifySuccess(t('coupons.created'));
      onDone();
      await reloadCouponRequests(queryClient);
    },
  });
}
