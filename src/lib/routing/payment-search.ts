/**
 * The payment pages' part of their URLs: what the pay page buys (its `type` parameter) and the searches of the price
 * list, the pay page and the billing report, each with the router's `validateSearch`.
 */

/**
 * What the pay page buys (its `type` parameter): the signed-in user's own subscription, or a batch of coupon codes
 * (the coupon branch, whose count comes first; `?amount=` fills it in).
 */
export const PAY_TYPES = ['subscription', 'coupon'] as const;
export type PayType = (typeof PAY_TYPES)[number];
export const isPayType = (value: string): value is PayType => (PAY_TYPES as readonly string[]).includes(value);

/** The price list with the no-subscription notice (where the subscription guard sends a user). */
export const noSubscriptionSearch = { type: 'noSub' } as const;

/** The price list's search: `type=noSub` shows the no-subscription notice. */
export interface PriceListSearch {
  type?: string;
}

export const validatePriceListSearch = (search: Record<string, unknown>): PriceListSearch =>
  typeof search.type === 'string' ? { type: search.type } : {};

/** The pay page's search: the coupon branch's count, when the create-coupons modal already asked for it. */
export interface PaySearch {
  amount?: number;
}

export const validatePaySearch = (search: Record<string, unknown>): PaySearch => {
  const amount = Number(search.amount);
  return Number.isSafeInteger(amount) && amount > 0 ? { amount } : {};
};

/**
 * The billing report's view (/Payment/Report): the range asked for (`YYYY-MM-DD`) and the month whose orders are
 * listed (the report entry's id, `YYYYMM`), so a report can be reloaded and shared.
 */
export interface ReportSearch {
  begin?: string;
  end?: string;
  month?: number;
}

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export const validateReportSearch = (search: Record<string, unknown>): ReportSearch => {
  const month = Number(search.month);
  return {
    ...(isDay(search.begin) ? { begin: search.begin } : {}),
    ...(isDay(search.end) ? { end: search.end } : {}),
    ...(Number.isSafeInteger(month) && month >= 100001 && month <= 999912 && month % 100 >= 1 && month % 100 <= 12
      ? { month }
      : {}),
  };
};
