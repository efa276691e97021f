/**
 * What the coupons page offers by the signed-in user's type (spec 2 §6: 0 user, 1 dealer, 2 administrator). Users
 * above 0 generate coupons (a dealer buys them through the pay page); an administrator may also create them without
 * payment.
 */
import type { UserType } from '@generated/api/types.gen.ts';
import { isAdmin, isDealerOrAdmin } from '../../../lib/session/user-type.ts';

export interface CouponAccess {
  /** The create-coupons button. */
  create: boolean;
  /** "Create without payment" in the create modal. */
  createWithoutPayment: boolean;
  /** The note that coupon codes are redeemed from the account menu (for those who cannot create them). */
  redeemNote: boolean;
}

export function couponAccess(userType: UserType | undefined): CouponAccess {
  const dealerOrAdmin = isDealerOrAdmin(userType);
  return {
    create: dealerOrAdmin,
    createWithoutPayment: isAdmin(userType),
    redeemNote: !dealerOrAdmin,
  };
}
