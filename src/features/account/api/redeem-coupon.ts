import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { redeemCouponMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { confirmStatus } from '../../../lib/api/results.ts';
import { useRefreshToken } from '../../../lib/session/refresh-token.ts';
import { paths } from '../../../lib/routing/paths.ts';

/**
 * Redeems a coupon code (`POST /orders/coupon`). On success (spec 1 §4, 2 §4): the success message, a
 * refreshed token through changed-jwt, then the home page. A refused redeem says the translated coupon-error
 * message (spec 1 §8) instead of the server's text, as its one failure toast.
 */
export function useRedeemCoupon(onRedeemed?: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refreshToken = useRefreshToken();
  return useMutation({
    ...redeemCouponMutation(),
    meta: { failureMessage: t('account.coupon.error') },
    onSuccess: async (result) => {
      if (!confirmStatus(result, t('account.coupon.success'))) return;
      onRedeemed?.();
      try {
        await refreshToken.mutateAsync();
      } catch {
        // The refresh reported why; the redeem itself worked (no coupon error), the user stays here.
        return;
      }
      await navigate({ to: paths.home });
    },
  });
}
