import { describe, expect, it } from 'vitest';
import { couponAmounts, couponDiscount, roundCents } from './discount.ts';

describe('the coupon discount (count × price × discount / 100)', () => {
  it('gives the contract example: 5 Premium 12 Ay codes at 1490 with 15 % off', () => {
    expect(couponDiscount(5, 1490, 15)).toBe(1117.5);
    // The contract's coupon request 301 charged 6332.5 for the same batch.
    expect(couponAmounts(5, 1490, 15)).toEqual({ subtotal: 7450, discount: 1117.5, total: 6332.5 });
  });

  it('is nothing without a discount', () => {
    expect(couponDiscount(3, 99, 0)).toBe(0);
    expect(couponAmounts(3, 99, 0)).toEqual({ subtotal: 297, discount: 0, total: 297 });
  });

  it('rounds to cents after the arithmetic', () => {
    // 3 × 99.99 × 15 / 100 = 44.9955
    expect(couponDiscount(3, 99.99, 15)).toBe(45);
    expect(couponAmounts(3, 99.99, 15)).toEqual({ subtotal: 299.97, discount: 45, total: 254.97 });
    // 7 × 0.35 × 50 / 100 = 1.225, which floats hold as 1.2249999…
    expect(couponDiscount(7, 0.35, 50)).toBe(1.23);
    expect(couponDiscount(1, 10, 33.333)).toBe(3.33);
  });

  it('takes the whole price at 100 %', () => {
    expect(couponAmounts(2, 990, 100)).toEqual({ subtotal: 1980, discount: 1980, total: 0 });
  });

  it('never gives NaN or −0', () => {
    expect(roundCents(Number.NaN)).toBe(0);
    expect(Object.is(roundCents(-0.001), 0)).toBe(true);
    expect(roundCents(-1.005)).toBe(-1.01);
  });
});
