/**
 * The orders of the mock: the price list's plans, new orders and coupon requests (`unknown-price` for a plan and
 * price option the price list does not have together), the billing list, the buyer's history (a dealer's or the
 * person's own), billing and cancelling an order (order-store.ts decides, so an order billed once answers
 * `already-billed`), the coupon requests of each role and the billing report (`bad-range` for an end before its
 * begin, `empty` for a range without a month of the example). A new order is recorded under the next order number
 * (the answer's `merchant_no`): the buyer's, for the plan and price option asked, not purchased (`order_state` 0)
 * until the payment provider's callback credits it (payments.ts). An accepted billing or cancellation is remembered,
 * and the order lists and the billing report answer the orders as they are now (the billing list filtered and paged
 * by its query) until the mock's `orders/reset` control. The order history and the coupon requests answer only the
 * rows within the caller's reach, as their `x-list-reach` states it (mocks/purchase-owners.ts knows each buyer),
 * whichever example was asked for; a coupon request's codes are the access check's (`x-ownership`).
 */
import { isDealerOrAdmin } from '../../rules/user-type.ts';
import { exampleData, examplePickers, json, type AreaRequest, type Body, type MockArea } from '../area.ts';
import type { User, UserType } from '@generated/api/types.gen.ts';
import type { MockAccess, MockClaims } from '../access.ts';
import type { Contract } from '../contract.ts';
import { integerValue, pathInteger } from '../ids.ts';
import type { MockOrder, OrderStore } from '../db/order-store.ts';
import type { PurchaseKind } from '../purchase-owners.ts';
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
function recordOrder(
  contract: Contract,
  orders: OrderStore,
  request: AreaRequest,
  payload: Buffer,
  access?: MockAccess,
  credits?: SubscriptionCredits,
): Buffer {
  const answer = JSON.parse(payload.toString('utf8')) as { data?: Record<string, unknown> };
  const choice = pricedChoice(contract, request.body);
  const buyerId = integerValue(request.claims.user_id);
  if (!answer.data || typeof answer.data !== 'object' || !choice || buyerId === undefined) return payload;
  const buyer = access?.account(buyerId);
  const id = orders.nextId();
  orders.create(createdOrder(id, choice, buyer), buyerId);
  credits?.recordOrder(id, buyerId, choice);
  return json({
    ...answer,
    data: {
      ...answer.data,
      merchant_no: String(id),
      email: buyer?.email ?? '',
      price: choice.amount,
      currency: choice.option.currency,
      title: `${choice.plan.title} - ${choice.option.title}`,
    },
  });
}

/** The example of each plan of the price list, by its id. */
const PLAN_EXAMPLES: Readonly<Record<number, string>> = { 1: 'standart', 2: 'premium' };

/** Whether the caller asks for English (the `language` header: `en`, `en-GB` …). */
const english = (headers: AreaRequest['headers']): boolean => /^en\b/i.test(String(headers.language ?? ''));

/** Whether an order's plan and price option exist together in the price list. */
const knownPrice = (contract: Contract, body: Body): boolean => pricedChoice(contract, body) !== undefined;

/** The months (`YYYYMM`) of the billing report's example. */
function reportMonths(contract: Contract): string[] {
  const operation = contract.operations.find((op) => op.method === 'get' && op.path === '/reports/order');
  const value = operation && contract.responseExamples(operation).get('three-months')?.example.value;
  return ((value as { data?: { id: number }[] } | undefined)?.data ?? []).map((entry) => String(entry.id));
}

/** Whether the report example has a month inside the range (`YYYY-MM-DD`; an open end is unbounded). */
function reportHasMonths(contract: Contract, begin: string, end: string): boolean {
  const first = begin.slice(0, 7).replace('-', '');
  const last = end.slice(0, 7).replace('-', '');
  return reportMonths(contract).some((month) => (!first || month >= first) && (!last || month <= last));
}

/**
 * A list answer with only the rows within the caller's reach (their own; a dealer's also its users' where the list's
 * `x-list-reach` allows it; all for an administrator), its total less the rows left out.
 */
function inReach(payload: Buffer, keep: (row: { id: number }) => boolean): Buffer {
  const answer = JSON.parse(payload.toString('utf8')) as {
    data?: { id: number }[];
    list_info?: { total_count?: number };
  };
  if (!Array.isArray(answer.data)) return payload;
  const data = answer.data.filter(keep);
  const left = answer.data.length - data.length;
  if (left === 0) return payload;
  const info = answer.list_info;
  const listInfo = info && { ...info, total_count: Math.max(0, (info.total_count ?? 0) - left) };
  return json({ ...answer, data, ...(listInfo ? { list_info: listInfo } : {}) });
}

/** The reach of a list (`x-list-reach` of its operation): the object it lists and from which level it widens. */
const listReach = (contract: Contract, key: string): { object: PurchaseKind; relaxedFrom: number } | undefined => {
  const operation = contract.operations.find((op) => `${op.method} ${op.path}` === key);
  const reach = operation?.spec['x-list-reach'] as { object?: PurchaseKind; relaxedFrom?: number } | undefined;
  return reach?.object ? { object: reach.object, relaxedFrom: reach.relaxedFrom ?? 2 } : undefined;
};

export const ordersArea = (
  contract: Contract,
  orders: OrderStore,
  access?: MockAccess,
  credits?: SubscriptionCredits,
): MockArea => {
  const examples = examplePickers(contract);
  /** Whether a listed purchase is within the caller's reach, as its list states it. */
  const keeper = (key: string, claims: Record<string, unknown>) => {
    const reach = listReach(contract, key);
    return (row: { id: number }) =>
      !reach || (access?.reachesPurchase(claims as MockClaims, reach.object, row.id, reach.relaxedFrom) ?? false);
  };
  return {
    choose(key, { body, params, query, claims, headers }) {
      const { pick } = examples(key);
      // A verified token's claim (the access check verified it): one of the contract's user types.
      const userType = Number(claims.UserType ?? 0) as UserType;
      switch (key) {
        case 'get /payment-plans':
          // The plans' titles in the caller's language, where the contract has it.
          return english(headers) ? pick('english', 'default') : undefined;
        case 'get /payment-plans/{id}': {
          const plan = PLAN_EXAMPLES[pathInteger({ params }, 'id')];
          if (!plan) return { code: '404' };
          return english(headers) ? pick(`${plan}-english`, plan) : pick(plan);
        }
        case 'post /orders':
        case 'post /coupons':
          return knownPrice(contract, body) ? {} : pick('unknown-price');
        case 'get /orders':
          return pick('all');
        case 'get /orders/history':
          return isDealerOrAdmin(userType) ? pick('dealer') : pick('own-orders');
        case 'put /orders/{id}/billing': {
          const outcome = orders.billing(pathInteger({ params }, 'id'));
          return outcome === 'not-found' ? { code: '404' } : pick(outcome);
        }
        case 'put /orders/{id}/cancel': {
          const outcome = orders.cancel(pathInteger({ params }, 'id'));
          return outcome === 'not-found' ? { code: '404' } : pick(outcome);
        }
        case 'get /coupons':
          // Every request the mock knows; the answer keeps those within the caller's reach.
          return pick('administrator');
        case 'get /coupons/{id}/codes':
          return pick(`request-${pathInteger({ params }, 'id')}`, 'awaiting-payment');
        case 'get /reports/order': {
          const begin = query.get('begin_date') ?? '';
          const end = query.get('end_date') ?? '';
          if (begin && end && end < begin) return pick('bad-range');
          return reportHasMonths(contract, begin, end) ? pick('three-months') : pick('empty');
        }
        default:
          return undefined;
      }
    },

    answer(key, request, payload) {
      const { body, params, query, claims } = request;
      switch (key) {
        case 'post /orders':
          return recordOrder(contract, orders, request, payload, access, credits);
        case 'put /orders/{id}/billing':
          orders.bill(pathInteger({ params }, 'id'));
          return payload;
        case 'put /orders/{id}/cancel':
          orders.markCanceled(pathInteger({ params }, 'id'), String(body.desc ?? ''));
          return payload;
        case 'get /orders':
          return orders.page(payload, query, true);
        case 'get /orders/history':
          return orders.page(payload, query, false, keeper(key, claims));
        case 'get /reports/order':
          return orders.report(payload);
        default:
          return payload;
      }
    },

    // Whoever chose the example (a developer's `Prefer` too), a list answers only what is within reach.
    reshape(key, { claims }, payload) {
      return key === 'get /coupons' || key === 'get /orders/history' ? inReach(payload, keeper(key, claims)) : payload;
    },
  };
};
