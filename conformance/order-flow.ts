/**
 * The order flow: create the contract's last order example, answered as asked → listed, not purchased → billing the
 * unpaid order refused → cancel it → listed as cancelled → bill the purchased order the caller names (`--bill-order`)
 * → listed as billed; clean-up cancels the new order if the flow did not.
 */
import { type CheckContext } from './checks.ts';
import { askedOrder, expectOrderAsked } from './order-asked.ts';
import {
  bodyExample,
  dataOf,
  expectRefused,
  expectSuccess,
  findInPages,
  isSuccess,
  queryMaximum,
  show,
  StepFailure,
  StepSkip,
  userToken,
  type FlowSpec,
  type StepCalls,
} from './flow-kit.ts';
import { isObject } from './requests.ts';

export function orderFlow(ctx: CheckContext): FlowSpec {
  const buyer = userToken(ctx);
  const admin = ctx.token;
  const list = ctx.contract.byId('getOrders');
  const pageSize = queryMaximum(ctx, list, 'limit', 100);
  const state = {
    created: undefined as number | undefined,
    createdBilled: false,
    cancelled: false,
    billed: undefined as number | undefined,
  };
  const findOrder = (
    calls: StepCalls,
    query: Record<string, string>,
    matches: (row: Record<string, unknown>) => boolean,
  ) =>
    findInPages(
      calls,
      'getOrders',
      pageSize,
      (offset) => ({ token: admin, query: { ...query, limit: pageSize, offset } }),
      matches,
    );
  return {
    name: 'order',
    steps: [
      {
        label: 'create',
        operationId: 'createOrder',
        async run(calls) {
          const asked = askedOrder(ctx);
          const answer = await calls.call('createOrder', { token: buyer, body: asked });
          expectSuccess('createOrder', answer);
          const data = dataOf(answer);
          const number = isObject(data) ? Number(data.merchant_no) : NaN;
          if (!Number.isSafeInteger(number) || number < 1)
            throw new StepFailure(
              `createOrder answered merchant_no ${show(isObject(data) ? data.merchant_no : undefined)}, expected the new order's number`,
            );
          state.created = number;
          // The order is the one asked for (plan, the price list's price, the caller), not the example's.
          await expectOrderAsked(calls, buyer, asked, data as Record<string, unknown>);
        },
      },
      {
        label: 'listed, not purchased',
        operationId: 'getOrders',
        async run(calls) {
          const id = state.created!;
          const row = await findOrder(calls, { is_billing: 'false' }, (r) => r.id === id);
          if (!row) throw new StepFailure(`the new order ${id} is not on the billing list (is_billing=false)`);
          if (row.order_state !== 0)
            throw new StepFailure(
              `the new order ${id} is listed with order_state ${show(row.order_state)}, expected 0 (no payment was made)`,
            );
        },
      },
      {
        label: 'an unpaid order is not billed',
        operationId: 'billOrder',
        async run(calls) {
          const id = state.created!;
          const answer = await calls.call('billOrder', { token: admin, path: { id } });
          if (isSuccess(answer)) state.createdBilled = true;
          expectRefused(ctx, 'billOrder', answer, `order ${id} was never paid`);
        },
      },
      {
        label: 'cancel the unpaid order',
        operationId: 'cancelOrder',
        async run(calls) {
          const id = state.created!;
          const body = { ...bodyExample(ctx, 'cancelOrder'), id };
          expectSuccess('cancelOrder', await calls.call('cancelOrder', { token: admin, path: { id }, body }));
          state.cancelled = true;
        },
      },
      {
        label: 'listed as cancelled',
        operationId: 'getOrders',
        async run(calls) {
          const id = state.created!;
          const row = await findOrder(calls, { is_canceled: 'true' }, (r) => r.id === id);
          if (!row) throw new StepFailure(`the cancelled order ${id} is not listed as cancelled (is_canceled=true)`);
          if (row.is_canceled !== true)
            throw new StepFailure(
              `the cancelled order ${id} is listed with is_canceled ${show(row.is_canceled)}, expected true`,
            );
        },
      },
      {
        label: 'bill a purchased order',
        operationId: 'billOrder',
        async run(calls) {
          // Billing cannot be undone: the flow bills only the purchased order the caller names for it.
          if (ctx.billOrder === undefined)
            throw new StepSkip('billing cannot be undone: name a purchased order for it with --bill-order <id>');
          const id = ctx.billOrder;
          const answer = await calls.call('billOrder', { token: admin, path: { id } });
          expectSuccess('billOrder', answer);
          state.billed = id;
        },
      },
      {
        label: 'listed as billed',
        operationId: 'getOrders',
        async run(calls) {
          const id = state.billed!;
          const row = await findOrder(calls, { is_billing: 'true' }, (r) => r.id === id);
          if (!row) throw new StepFailure(`the billed order ${id} is not listed as billed (is_billing=true)`);
          if (row.is_billing !== true)
            throw new StepFailure(
              `the billed order ${id} is listed with is_billing ${show(row.is_billing)}, expected true`,
            );
        },
      },
    ],
    cleanups: [
      {
        label: 'cancel the unpaid order',
        operationId: 'cancelOrder',
        notNeeded: () =>
          state.created === undefined
            ? 'no order was created'
            : state.createdBilled
              ? `order ${state.created} was billed (a billed order cannot be cancelled)`
              : state.cancelled
                ? 'the flow cancelled the order'
                : undefined,
        async run(calls) {
          const id = state.created!;
          const body = { ...bodyExample(ctx, 'cancelOrder'), id };
          expectSuccess('cancelOrder', await calls.call('cancelOrder', { token: admin, path: { id }, body }));
        },
      },
    ],
  };
}
