/**
 * What an administrator can do with an order on the billing list (spec 2 §4): its details always; bill it only once
 * it is purchased and neither billed nor cancelled (billing cannot be reverted); cancel it only while it is not billed
 * and not cancelled yet. An action that cannot be used says why.
 */
import type { Order } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';

export type BillingAction = 'details' | 'bill' | 'cancel';

export interface BillingActionState {
  action: BillingAction;
  /** Why it cannot be used now (absent: it can). */
  reason?: TranslationKey;
}

export function billingActions(order: Pick<Order, 'order_state' | 'is_billing' | 'is_canceled'>): BillingActionState[] {
  const billReason: TranslationKey | undefined = order.is_canceled
    ? 'orders.actions.why.canceled'
    : order.is_billing
      ? 'orders.actions.why.billed'
      : order.order_state !== 1
        ? 'orders.actions.why.notPurchased'
        : undefined;
  const cancelReason: TranslationKey | undefined = order.is_canceled
    ? 'orders.actions.why.canceled'
    : order.is_billing
      ? 'orders.actions.why.billed'
      : undefined;
  return [
    { action: 'details' },
    { action: 'bill', ...(billReason ? { reason: billReason } : {}) },
    { action: 'cancel', ...(cancelReason ? { reason: cancelReason } : {}) },
  ];
}
