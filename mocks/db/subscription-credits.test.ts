import { describe, expect, it } from 'vitest';
import { Contract } from '../contract.ts';
import { pricedChoice } from '../price-list.ts';
import { SubscriptionCredits } from './subscription-credits.ts';

const contract = Contract.load();
const NOW = Date.parse('2026-11-29T10:00:00Z');
const choice = (plan: number, price: number) =>
  pricedChoice(contract, { payment_plan_id: plan, payment_plan_price_id: price })!;

describe('the subscriptions paying bought', () => {
  it('prices an option at its own price less its discount, with its months', () => {
    expect(choice(2, 22)).toMatchObject({ amount: 1266.5, months: 12 });
    expect(choice(2, 21)).toMatchObject({ amount: 149, months: 1 });
    expect(choice(1, 12)).toMatchObject({ amount: 891, months: 12 });
    expect(pricedChoice(contract, { payment_plan_id: 1, payment_plan_price_id: 22 })).toBeUndefined();
  });

  it('credits a made order once, from now without a subscription and from its end with one', () => {
    const credits = new SubscriptionCredits(contract, () => NOW);
    credits.recordOrder(7001, 5, choice(2, 21));
    credits.recordOrder(7002, 5, choice(2, 22));
    expect(credits.credit(9999, () => undefined)).toBeUndefined();
    expect(credits.credit(7001, () => '0001-01-01T00:00:00Z')).toMatchObject({
      start_date: '2026-11-29T10:00:00Z',
      end_date: '2026-12-29T10:00:00Z',
    });
    expect(credits.credit(7001, () => undefined)).toBeUndefined();
    // The second order extends the first period's end.
    expect(credits.credit(7002, () => undefined)?.end_date).toBe('2027-12-29T10:00:00Z');
    expect(credits.history(5).map((period) => period.order_id)).toEqual([7002, 7001]);
    expect(credits.authorityOf(5)).toMatchObject({ NO_ADS: true, plan_title: 'Premium', BYPASS: true });
    expect(credits.authorityOf(3)).toBeUndefined();
    credits.clear();
    expect(credits.latest(5)).toBeUndefined();
  });

  it('gives a plan without no_ads no web access', () => {
    const credits = new SubscriptionCredits(contract, () => NOW);
    credits.recordOrder(7003, 6, choice(1, 11));
    credits.credit(7003, () => '2027-03-31T23:59:59Z');
    expect(credits.latest(6)?.end_date).toBe('2027-04-30T23:59:59Z');
    expect(credits.authorityOf(6)).toMatchObject({ NO_ADS: false, plan_title: 'Standart' });
  });
});
