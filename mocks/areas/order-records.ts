/**
 * The orders the mock records: the contract's example orders (the billing list's `all`) and a new order
 * (`POST /orders`), recorded under the next order number (the answer's `merchant_no`): the buyer's, for the plan and
 * price option asked, not purchased (`order_state` 0) until the payment provider's callback credits it (payments.ts).
 */
import { exampleData } from '../area.ts';
import type { User } from '@generated/api/types.gen.ts';
import type { MockAccess } from '../access.ts';
import type { Contract } from '../contract.ts';
import type { OperationAnswer, OperationRequest } from '../define-area.ts';
import type { MockOrder, OrderStore } from '../db/order-store.ts';
import { pricedChoice, type PricedChoice } from '../price-list.ts';
import type { SubscriptionCredits } from '../db/subscription-credits.ts';

/** Every order of the contract's examples (the billing list's `all`). */
export const exampleOrders = (contract: Contract): MockOrder[] => {
  const data = exampleData(contract, '/orders', 'all');
  return Array.isArray(data) ? (data as MockOrder[]) : [];
};

/**
 * The order a new order (`POST /orders`) records, as the billing list shows it: the plan and price option of the
 * price list, one subscription (`amount` 1) at the option's price less its discount, the buyer's account.
 */
export function createdOrder(
  id: number,
  choice: PricedChoice,
  buyer: Pick<User, 'name' | 'email' | 'Dealercode'> | undefined,
): MockOrder {
  const { plan, option, amount, months } = choice;
  return {
    id,
    created_at: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
    sub_month: months,
    amount: 1,
    payment_plan: { title: plan.title },
    price: option.price,
    currency: option.currency,
    total_price: amount,
    user_info: { name: buyer?.name ?? '', email: buyer?.email ?? '', Dealercode: buyer?.Dealercode ?? '' },
    sub_expire_date: null,
    order_state: 0,
    is_billing: false,
    is_canceled: false,
    order_details: [{ description: `${plan.title} - ${option.title} abonelik` }, ...(plan.details ?? [])],
  };
}

/**
 * The new order's answer, made from the request (never the example's order): the plan and price option asked for,
 * charged at the price list's own price less its discount, for the caller's account, under its own number
 * (`merchant_no`), once the store recorded it. The payments area signs it afterwards.
 */
export function recordOrder(
  contract: Contract,
  orders: OrderStore,
  request: OperationRequest<'createOrder'>,
  answer: OperationAnswer<'createOrder'>,
  access?: MockAccess,
  credits?: SubscriptionCredits,
): OperationAnswer<'createOrder'> {
  const choice = pricedChoice(contract, request.body);
  const buyerId = request.caller?.id;
  if (!answer.data || typeof answer.data !== 'object' || !choice || buyerId === undefined) return answer;
  const buyer = access?.account(buyerId);
  const id = orders.nextId();
  orders.create(createdOrder(id, choice, buyer), buyerId);
  credits?.recordOrder(id, buyerId, choice);
  return {
    ...answer,
    data: {
      ...answer.data,
      merchant_no: String(id),
      email: buyer?.email ?? '',
      price: choice.amount,
      currency: choice.option.currency,
      title: `${choice.plan.title} - ${choice.option.title}`,
    },
  };
}
