import { describe, expect, it } from 'vitest';
import { couponAccess } from './coupon-access.ts';

describe('what the coupons page offers', () => {
  it('lets a plain user only see the list and the redeem note', () => {
    expect(couponAccess(0)).toEqual({ create: false, createWithoutPayment: false, redeemNote: true });
    expect(couponAccess(undefined)).toEqual(couponAccess(0));
  });

  it('lets a dealer buy coupons', () => {
    expect(couponAccess(1)).toEqual({ create: true, createWithoutPayment: false, redeemNote: false });
  });

  it('lets an administrator also create coupons without payment', () => {
    expect(couponAccess(2)).toEqual({ create: true, createWithoutPayment: true, redeemNote: false });
  });
});
