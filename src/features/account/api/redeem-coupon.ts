import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { redeemCouponMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { notifyError } from '../../../shared/toast/notify.ts';
import { confirmStatus } from '../../../lib/api/results.ts';
import { useRefreshToken } from './refresh-token.ts';

/**
 * Redeems a coupon code (`POST /orders/coupon`). On success (spec 1 §4, 2 §4): the success message, a
 * refreshed token through changed-jwt, then the home page. On failure the gateway has already shown the
 * server's message; the translated coupon-error message is added as a persistent error toast (spec 1 §8).
 */
export function useRedeemCoupon(onRedeemed?: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refreshToken = useRefreshToken();
  return useMutation({
    ...redeemCouponMutation(),
    onSuccess: async (result) => {
      if (!confirmStatus(result, t('account.coupon.success'))) return;
      onRedeemed?.();
      try {
        await refreshToken.mutateAsync();
      } catch {
        // The gateway has shown why; the redeem itself worked (no coupon error), the user stays here.
        return;
      }
      await navigate({ to: '/' });
    },
    onError: (error) => {
      // After a 401 the session is gone and the console leaves for the login page: nothing to add.
      if (error instanceof ApiError && error.httpStatus === 401) return;
      notifyError(t('account.coupon.error'), t('errors.title'));
    },
  });
}
