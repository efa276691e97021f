/**
 * The orders of the mock: the price list's plans, new orders and coupon requests (`unknown-price` for a plan and
 * price option the price list does not have together), the billing list, the buyer's history (a dealer's or the
 * person's own), billing and cancelling an order (order-store.ts decides, so an order billed once answers
 * `already-billed`), the coupon requests of each role and the billing report (`bad-range` for an end before its
 * begin, `empty` for a range without a month of the example). A new order is recorded as order-records.ts says. An accepted billing or cancellation is remembered,
 * and the order lists and the billing report answer the orders as they are now (the billing list filtered and paged
 * by its query) until the mock's `orders/reset` control. The order history and the coupon requests answer only the
 * rows within the caller's reach, as their `x-list-reach` states it (mocks/purchase-owners.ts knows each buyer),
 * whichever example was asked for; a coupon request's codes are the access check's (`x-ownership`).
 */
import { isDealerOrAdmin } from '../../rules/user-type.ts';
import type { AreaRequest, Body, Choice, ExamplePicker, MockArea } from '../area.ts';
import type { OperationId } from '@generated/api/operations.ts';
import type { UserType } from '@generated/api/types.gen.ts';
import type { MockAccess } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { Contract } from '../contract.ts';
import { defineArea } from '../define-area.ts';
import { pathInteger } from '../ids.ts';
import type { OrderStore } from '../db/order-store.ts';
import type { PurchaseKind } from '../purchase-owners.ts';
import { pricedChoice } from '../price-list.ts';
import type { SubscriptionCredits } from '../db/subscription-credits.ts';
import { recordOrder } from './order-records.ts';

/** The example of each plan of the price list, by its id. */
const PLAN_EXAMPLES: Readonly<Record<number, string>> = { 1: 'standart', 2: 'premium' };

/** Whether the caller asks for English (the `language` header: `en`, `en-GB` …). */
const english = (headers: AreaRequest['headers']): boolean => /^en\b/i.test(String(headers.language ?? ''));

/** Whether an order's plan and price option exist together in the price list. */
const knownPrice = (contract: Contract, body: object): boolean => pricedChoice(contract, body as Body) !== undefined;

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
function inReach<A extends { data?: unknown; list_info?: { total_count?: number } }>(
  answer: A,
  keep: (row: { id: number }) => boolean,
): A {
  if (!Array.isArray(answer.data)) return answer;
  const rows = answer.data as { id: number }[];
  const data = rows.filter(keep);
  const left = rows.length - data.length;
  if (left === 0) return answer;
  const info = answer.list_info;
  const listInfo = info && { ...info, total_count: Math.max(0, (info.total_count ?? 0) - left) };
  return { ...answer, data, ...(listInfo ? { list_info: listInfo } : {}) };
}

/** The reach of a list (`x-list-reach` of its operation): the object it lists and from which level it widens. */
const listReach = (contract: Contract, id: OperationId): { object: PurchaseKind; relaxedFrom: number } | undefined => {
  const operation = contract.byId(id);
  const reach = operation?.spec['x-list-reach'] as { object?: PurchaseKind; relaxedFrom?: number } | undefined;
  return reach?.object ? { object: reach.object, relaxedFrom: reach.relaxedFrom ?? 2 } : undefined;
};

export const ordersArea = (
  contract: Contract,
  orders: OrderStore,
  access?: MockAccess,
  credits?: SubscriptionCredits,
): MockArea => {
  /** Whether a listed purchase is within the caller's reach, as its list states it. */
  const keeper = (id: OperationId, caller: Caller | undefined) => {
    const reach = listReach(contract, id);
    return (row: { id: number }) =>
      !reach || (caller?.reachesPurchase(reach.object, row.id, reach.relaxedFrom) ?? false);
  };
  /** A new order or coupon request names a plan and price option the price list has together. */
  const priced = {
    choose: ({ body }: { body: object }, examples: ExamplePicker): Choice | undefined =>
      knownPrice(contract, body) ? {} : examples.pick('unknown-price'),
  };
  return defineArea({
    contract,
    operations: {
      // The plans' titles in the caller's language, where the contract has it.
      getPaymentPlans: {
        choose: ({ headers }, { pick }) => (english(headers) ? pick('english', 'default') : undefined),
      },
      getPaymentPlan: {
        choose({ params, headers }, { pick }) {
          const plan = PLAN_EXAMPLES[pathInteger({ params }, 'id')];
          if (!plan) return { code: '404' };
          return english(headers) ? pick(`${plan}-english`, plan) : pick(plan);
        },
      },
      createOrder: {
        ...priced,
        answer: (request, answer) => recordOrder(contract, orders, request, answer, access, credits),
      },
      createCoupons: priced,
      getOrders: {
        choose: (_request, { pick }) => pick('all'),
        answer: ({ query }, answer) => orders.page(answer, query, true),
      },
      getOrderHistory: {
        // A verified token's level (the access check verified it): one of the contract's user types.
        choose: ({ caller }, { pick }) =>
          isDealerOrAdmin((caller?.level ?? 0) as UserType) ? pick('dealer') : pick('own-orders'),
        answer: ({ query, caller }, answer) => orders.page(answer, query, false, keeper('getOrderHistory', caller)),
        // Whoever chose the example (a developer's `Prefer` too), a list answers only what is within reach.
        reshape: ({ caller }, answer) => inReach(answer, keeper('getOrderHistory', caller)),
      },
      billOrder: {
        choose({ params }, { pick }) {
          const outcome = orders.billing(pathInteger({ params }, 'id'));
          return outcome === 'not-found' ? { code: '404' } : pick(outcome);
        },
        answer({ params }, answer) {
          orders.bill(pathInteger({ params }, 'id'));
          return answer;
        },
      },
      cancelOrder: {
        choose({ params }, { pick }) {
          const outcome = orders.cancel(pathInteger({ params }, 'id'));
          return outcome === 'not-found' ? { code: '404' } : pick(outcome);
        },
        answer({ params, body }, answer) {
          orders.markCanceled(pathInteger({ params }, 'id'), String(body.desc ?? ''));
          return answer;
        },
      },
      getCoupons: {
        // Every request the mock knows; the answer keeps those within the caller's reach.
        choose: (_request, { pick }) => pick('administrator'),
        reshape: ({ caller }, answer) => inReach(answer, keeper('getCoupons', caller)),
      },
      getCouponCodes: {
        choose: ({ params }, { pick }) => pick(`request-${pathInteger({ params }, 'id')}`, 'awaiting-payment'),
      },
      getOrderReport: {
        choose({ query }, { pick }) {
          const begin = query.get('begin_date') ?? '';
          const end = query.get('end_date') ?? '';
          if (begin && end && end < begin) return pick('bad-range');
          return reportHasMonths(contract, begin, end) ? pick('three-months') : pick('empty');
        },
        answer: (_request, answer) => orders.report(answer),
      },
    },
  });
};
