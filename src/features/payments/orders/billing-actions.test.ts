import { describe, expect, it } from 'vitest';
import { billingActions } from './billing-actions.ts';

const reasons = (order: Parameters<typeof billingActions>[0]) =>
  Object.fromEntries(billingActions(order).map(({ action, reason }) => [action, reason ?? null]));

describe('billingActions', () => {
  it('bills and cancels a purchased order that is not billed', () => {
    expect(reasons({ order_state: 1, is_billing: false, is_canceled: false })).toEqual({
      details: null,
      bill: null,
      cancel: null,
    });
  });

  it('never bills or cancels a billed order (billing cannot be reverted)', () => {
    expect(reasons({ order_state: 1, is_billing: true, is_canceled: false })).toEqual({
      details: null,
      bill: 'orders.actions.why.billed',
      cancel: 'orders.actions.why.billed',
    });
  });

  it('cancels but does not bill an order whose payment was not completed', () => {
    expect(reasons({ order_state: 0, is_billing: false })).toEqual({
      details: null,
      bill: 'orders.actions.why.notPurchased',
      cancel: null,
    });
  });

  it('does nothing more to a cancelled order', () => {
    expect(reasons({ order_state: 1, is_billing: false, is_canceled: true })).toEqual({
      details: null,
      bill: 'orders.actions.why.canceled',
      cancel: 'orders.actions.why.canceled',
    });
  });
});
