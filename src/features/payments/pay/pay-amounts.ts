/** What the pay page charges: a subscription's one price, or a coupon order's count (the prepared order's own total). */
import type { CardPaymentOrder, PaymentPlanPrice } from '@generated/api/types.gen.ts';
import type { PayType } from '../../../lib/routing/payment-search.ts';
import { couponAmounts } from '../coupons/discount.ts';

export interface PayAmounts {
  /** The coupon discount of the count. */
  discount: number;
  toPay: number;
  currency: string;
}

export function payAmounts(
  price: PaymentPlanPrice,
  type: PayType,
  count: number | undefined,
  order: CardPaymentOrder | undefined,
): PayAmounts {
  const amounts =
    type === 'coupon' && count !== undefined
      ? couponAmounts(count, price.price, price.discount)
      : couponAmounts(1, price.price, price.discount);
  return {
    discount: amounts.discount,
    toPay: order ? order.price : amounts.total,
    currency: order?.currency ?? price.currency,
  };
}
