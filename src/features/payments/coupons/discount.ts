/**
 * The amounts of a coupon batch (spec 2 §9): the discount is count × price × discount / 100, and what is paid is
 * count × price less that discount. Amounts are money, so each is rounded to cents (half away from zero), after the
 * arithmetic, never before it.
 */

/** `value` rounded to two decimals; the float error of the arithmetic (1117.4999999) is not allowed to round down. */
export function roundCents(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const cents = Math.round(Math.abs(value) * 100 * (1 + Number.EPSILON));
  return (Math.sign(value) * cents) / 100 || 0;
}

export interface CouponAmounts {
  /** count × price. */
  subtotal: number;
  /** count × price × discount / 100. */
  discount: number;
  /** subtotal − discount: what the batch costs. */
  total: number;
}

/** The discount amount of `count` coupons at `price` with `discountPercent` off. */
export const couponDiscount = (count: number, price: number, discountPercent: number): number =>
  roundCents((count * price * discountPercent) / 100);

/** Subtotal, discount and total of a batch of coupons. */
export function couponAmounts(count: number, price: number, discountPercent: number): CouponAmounts {
  const subtotal = roundCents(count * price);
  const discount = couponDiscount(count, price, discountPercent);
  return { subtotal, discount, total: roundCents(subtotal - discount) };
}
