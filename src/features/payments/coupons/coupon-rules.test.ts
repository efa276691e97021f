import { describe, expect, it } from 'vitest';
import { CouponCreateRequestSchema } from '@generated/api/schemas.gen.ts';
import type { PaymentPlan } from '@generated/api/types.gen.ts';
import { fieldRule, type ObjectSchema } from '../../../lib/forms/schema-rules.ts';
import {
  choosePlan,
  COUNT_RULE,
  countError,
  couponRequest,
  emptyCouponForm,
  parseCount,
  validateCouponForm,
} from './coupon-rules.ts';

const price = (id: number, value: number, discount: number) => ({
  id,
  title: `${id}`,
  price: value,
  currency: 'TRY',
  discount,
});
const plans: PaymentPlan[] = [
  { id: 1, title: 'Standart', details: [], prices: [price(11, 99, 0), price(12, 990, 10)], no_ads: false },
  { id: 2, title: 'Premium', details: [], prices: [price(21, 149, 0), price(22, 1490, 15)], no_ads: true },
];

describe('the count rule', () => {
  it('comes from the contract: CouponCreateRequest.Amount, a required integer of at least 1', () => {
    const amount = CouponCreateRequestSchema.properties.Amount;
    expect(COUNT_RULE).toEqual({ required: true, email: false, type: 'integer', minimum: amount.minimum });
    expect(COUNT_RULE.minimum).toBe(1);
  });

  it('refuses a property the form could not enforce', () => {
    expect(() => fieldRule({ properties: { a: { type: 'boolean' } } }, 'a')).toThrow(/not a string or number/);
    expect(() => fieldRule({ properties: { a: { type: 'integer', multipleOf: 5 } } }, 'a')).toThrow(/multipleOf/);
    expect(() => fieldRule({ properties: {} } as ObjectSchema, 'b')).toThrow(/no property/);
  });

  it('asks for a whole number of at least the minimum', () => {
    expect(countError('')).toBe('coupons.validation.countRequired');
    expect(countError('  ')).toBe('coupons.validation.countRequired');
    expect(countError('0')).toBe('coupons.validation.countMin');
    expect(countError('-3')).toBe('coupons.validation.countMin');
    expect(countError('2.5')).toBe('coupons.validation.countInteger');
    expect(countError('abc')).toBe('coupons.validation.countInteger');
    expect(countError('1e3')).toBe('coupons.validation.countInteger');
    expect(countError('1')).toBeUndefined();
    expect(countError(' 25 ')).toBeUndefined();
    expect(parseCount(' 25 ')).toBe(25);
    expect(parseCount('99999999999999999999')).toBeUndefined();
  });

  it('follows a changed contract', () => {
    const rule = fieldRule({ required: [], properties: { n: { type: 'integer', minimum: 5 } } }, 'n');
    expect(countError('', rule)).toBeUndefined();
    expect(countError('4', rule)).toBe('coupons.validation.countMin');
    expect(countError('5', rule)).toBeUndefined();
  });
});

describe('the create-coupons form', () => {
  it('requires the type, the price and the count', () => {
    expect(validateCouponForm(emptyCouponForm, plans)).toEqual({
      planId: 'coupons.validation.planRequired',
      priceId: 'coupons.validation.priceRequired',
      count: 'coupons.validation.countRequired',
    });
    expect(validateCouponForm({ planId: '2', priceId: '', count: '5' }, plans)).toEqual({
      priceId: 'coupons.validation.priceRequired',
    });
    expect(validateCouponForm({ planId: '2', priceId: '22', count: '5' }, plans)).toEqual({});
  });

  it('refuses a price option of another type and a type that is not offered', () => {
    expect(validateCouponForm({ planId: '2', priceId: '12', count: '5' }, plans)).toEqual({
      priceId: 'coupons.validation.priceRequired',
    });
    expect(validateCouponForm({ planId: '9', priceId: '22', count: '5' }, plans)).toMatchObject({
      planId: 'coupons.validation.planRequired',
    });
  });

  it('resets the price when another type is chosen, and keeps it when the same type is chosen again', () => {
    const chosen = { planId: '2', priceId: '22', count: '5' };
    expect(choosePlan(chosen, '1')).toEqual({ planId: '1', priceId: '', count: '5' });
    expect(choosePlan(chosen, '2')).toBe(chosen);
    expect(choosePlan(chosen, '')).toEqual({ planId: '', priceId: '', count: '5' });
  });

  it('sends the contract payload only when valid', () => {
    expect(couponRequest({ planId: '2', priceId: '22', count: ' 5' }, plans)).toEqual({
      payment_plan_id: 2,
      payment_plan_price_id: 22,
      Amount: 5,
    });
    expect(couponRequest({ planId: '2', priceId: '22', count: '0' }, plans)).toBeUndefined();
  });
});
