/**
 * Flows that keep state: sequences of the contract's calls the console depends on, each step's answer
 * judged by the contract's response schemas and by what the flow wrote before it. A server whose "add panel" answers
 * 200 but never lists the panel, or whose settings write is acknowledged but not kept, passes the example replay and
 * fails here, at the step that reads the state back.
 *
 *  - panel: the panel's code (generatePanelCode) → add (addPanel) → listed → rename (changePanelDesc) → the new name
 *    is listed → remove (removePanel) → gone; clean-up removes the panel when the flow stopped before it did.
 *  - settings (settings-flow.ts), for every settings group of the contract: read the group's record
 *    (getPanelSettings) → write it changed slightly (the group's set…settings call) → read back equal; clean-up
 *    writes the record read first back.
 *  - queue (queue-flow.ts): a settings write queued with a key of the run → the same key answers the same write →
 *    listed once → applied and read back (a connected panel's queued write is applied at once); clean-up cancels or
 *    writes the value back.
 *  - order: create (createOrder) the contract's last order example, answered as asked (order-asked.ts: the plan, the
 *    price list's price less its discount, the caller's e-mail) → listed, not purchased (getOrders) → billing the unpaid order refused (billOrder) →
 *    cancel it (cancelOrder) → listed as cancelled → bill the purchased order the caller names (`--bill-order`:
 *    billing cannot be undone, so the flow never picks one itself) → listed as billed; clean-up cancels the new
 *    order if the flow did not.
 *  - password (password-flow.ts): a test account's one-time password and the password policy, only with
 *    `--password-account`;
 *  - firmware roll-out downgrade (rollout-flow.ts): a start that would put panels back on an older version, with no
 *    `allow_downgrade`, is refused (409) after its preview listed them;
 *  - dealer request: apply (createDealerRequest) → approve with a new dealer code (approveDealerRequest) → a second
 *    application → approving it with the same code refused (the code is in use); clean-up rejects what is pending.
 *
 * Every flow writes, so it runs only with `--allow-writes` (else one skipped result per flow). Requests go straight to
 * the server (`sendDirect`), built from the contract's operations and examples (planRequest), as end user A when the
 * accounts are given (the order's billing and the dealer requests' decisions as the administrator), else as the
 * administrator. What must be unique per run (the new panel's dev_id, the dealer code) comes from the seed and the
 * time. A step after a failure is skipped ("an earlier step failed"); clean-up runs whatever happened.
 */
import { operationFields, pool, WRITES_SKIPPED, type CheckContext, type CheckResult } from './checks.ts';
import { askedOrder, expectOrderAsked } from './order-asked.ts';
import {
  bodyExample,
  dataOf,
  expectPanelDid,
  expectRefused,
  expectSuccess,
  findInPages,
  isSuccess,
  queryMaximum,
  runFlow,
  runStamp,
  show,
  StepFailure,
  StepSkip,
  userToken,
  type FlowSpec,
  type StepCalls,
} from './flow-kit.ts';
import { passwordFlow } from './password-flow.ts';
import { queueFlow } from './queue-flow.ts';
import { rolloutDowngradeFlow } from './rollout-flow.ts';
import { settingsFlows } from './settings-flow.ts';
import { isObject } from './requests.ts';

export { EARLIER_FAILED } from './flow-kit.ts';

function panelFlow(ctx: CheckContext): FlowSpec {
  const token = userToken(ctx);
  const added = bodyExample(ctx, 'addPanel');
  const head = String(added.dev_id ?? '864215040056789').slice(0, -8) || '8642150';
  const devId = ctx.flowPanel ?? Number(`${head}${String(runStamp(ctx.seed, 8)).padStart(8, '0')}`);
  const description = typeof added.Description === 'string' ? added.Description : 'Panel';
  const renamed = `${description} conformance`;
  const list = ctx.contract.byId('getUserDevices');
  const pageSize = queryMaximum(ctx, list, 'limit', 100);
  const state = { code: undefined as string | undefined, added: false, removed: false };
  const listed = (calls: StepCalls) =>
    findInPages(
      calls,
      'getUserDevices',
      pageSize,
      (offset) => ({ token, path: { offset }, query: { limit: pageSize } }),
      (row) => Number(row.dev_id) === devId,
    );
  return {
    name: 'panel',
    steps: [
      {
        label: "the panel's code",
        operationId: 'generatePanelCode',
        async run(calls) {
          const body = { ...bodyExample(ctx, 'generatePanelCode'), dev_id: devId, Description: description };
          const answer = await calls.call('generatePanelCode', { token, body });
          expectPanelDid('generatePanelCode', answer);
          const code = isObject(answer.json) ? answer.json.code : undefined;
          if (typeof code !== 'string' || !code)
            throw new StepFailure('generatePanelCode answered Err 0 without a code');
          state.code = code;
        },
      },
      {
        label: 'add',
        operationId: 'addPanel',
        async run(calls) {
          const answer = await calls.call('addPanel', {
            token,
            body: { ...added, dev_id: devId, Description: description, code: state.code },
          });
          expectSuccess('addPanel', answer);
          state.added = true;
        },
      },
      {
        label: 'it is listed',
        operationId: 'getUserDevices',
        async run(calls) {
          const row = await listed(calls);
          if (!row) throw new StepFailure(`the added panel ${devId} is not on the caller's panel list`);
          if (row.description !== description)
            throw new StepFailure(
              `the added panel is listed as ${show(row.description)}, expected ${show(description)}`,
            );
        },
      },
      {
        label: 'rename',
        operationId: 'changePanelDesc',
        async run(calls) {
          const body = { ...bodyExample(ctx, 'changePanelDesc'), device_id: devId, Description: renamed };
          expectSuccess('changePanelDesc', await calls.call('changePanelDesc', { token, body }));
        },
      },
      {
        label: 'the new name is listed',
        operationId: 'getUserDevices',
        async run(calls) {
          const row = await listed(calls);
          if (!row) throw new StepFailure(`the renamed panel ${devId} is not on the caller's panel list`);
          if (row.description !== renamed)
            throw new StepFailure(`the renamed panel is listed as ${show(row.description)}, expected ${show(renamed)}`);
        },
      },
      {
        label: 'remove',
        operationId: 'removePanel',
        async run(calls) {
          const body = { ...bodyExample(ctx, 'removePanel'), device_id: devId };
          expectSuccess('removePanel', await calls.call('removePanel', { token, body }));
          state.removed = true;
        },
      },
      {
        label: 'it is gone',
        operationId: 'getUserDevices',
        async run(calls) {
          const row = await listed(calls);
          if (row) throw new StepFailure(`the removed panel ${devId} is still listed (as ${show(row.description)})`);
        },
      },
    ],
    cleanups: [
      {
        label: 'remove the added panel',
        operationId: 'removePanel',
        notNeeded: () =>
          !state.added ? 'no panel was added' : state.removed ? 'the flow removed the panel' : undefined,
        async run(calls) {
          const body = { ...bodyExample(ctx, 'removePanel'), device_id: devId };
          expectSuccess('removePanel', await calls.call('removePanel', { token, body }));
        },
      },
    ],
  };
}

function orderFlow(ctx: CheckContext): FlowSpec {
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

function dealerFlow(ctx: CheckContext): FlowSpec {
  const admin = ctx.token;
  const code = `CF${(Date.now() + ctx.seed * 7919).toString(36).toUpperCase()}`;
  const state = {
    first: undefined as number | undefined,
    second: undefined as number | undefined,
    approved: new Set<number>(),
  };
  const apply = async (calls: StepCalls): Promise<number> => {
    const answer = await calls.call('createDealerRequest');
    expectSuccess('createDealerRequest', answer);
    const data = dataOf(answer);
    const id = isObject(data) ? data.id : undefined;
    if (!Number.isSafeInteger(id)) throw new StepFailure('createDealerRequest answered no request id (data.id)');
    if (isObject(data) && data.state !== 0)
      throw new StepFailure(`the new dealer request ${show(id)} has state ${show(data.state)}, expected 0 (pending)`);
    return id as number;
  };
  const approve = (calls: StepCalls, id: number) =>
    calls.call('approveDealerRequest', {
      token: admin,
      path: { id },
      body: { ...bodyExample(ctx, 'approveDealerRequest'), id, code },
    });
  return {
    name: 'dealer request',
    steps: [
      {
        label: 'apply',
        operationId: 'createDealerRequest',
        async run(calls) {
          state.first = await apply(calls);
        },
      },
      {
        label: `approve with a new dealer code`,
        operationId: 'approveDealerRequest',
        async run(calls) {
          const answer = await approve(calls, state.first!);
          expectSuccess('approveDealerRequest', answer);
          state.approved.add(state.first!);
        },
      },
      {
        label: 'a second application',
        operationId: 'createDealerRequest',
        async run(calls) {
          state.second = await apply(calls);
        },
      },
      {
        label: 'its dealer code is in use',
        operationId: 'approveDealerRequest',
        async run(calls) {
          const answer = await approve(calls, state.second!);
          if (isSuccess(answer)) state.approved.add(state.second!);
          expectRefused(
            ctx,
            'approveDealerRequest',
            answer,
            `request ${state.second} approved with dealer code ${code}, which request ${state.first} already has`,
          );
        },
      },
    ],
    cleanups: [
      {
        label: 'reject the requests still pending',
        operationId: 'rejectDealerRequest',
        notNeeded: () => (pending().length ? undefined : 'no request of the flow is pending'),
        async run(calls) {
          for (const id of pending()) {
            const body = { ...bodyExample(ctx, 'rejectDealerRequest'), id };
            expectSuccess(
              'rejectDealerRequest',
              await calls.call('rejectDealerRequest', { token: admin, path: { id }, body }),
            );
          }
        },
      },
    ],
  };
  function pending(): number[] {
    return [state.first, state.second].filter((id): id is number => id !== undefined && !state.approved.has(id));
  }
}

/** The flows, in the order they are reported (a settings flow for every settings group). */
const FLOWS: ((ctx: CheckContext) => FlowSpec | FlowSpec[])[] = [
  panelFlow,
  settingsFlows,
  queueFlow,
  orderFlow,
  dealerFlow,
  passwordFlow,
  rolloutDowngradeFlow,
];

/** The operations a flow sends (`--only` runs a flow when it names one of them). */
const operationsOf = (flow: FlowSpec): string[] => [
  ...new Set([...flow.steps, ...flow.cleanups].map((step) => step.operationId)),
];

export async function runFlows(ctx: CheckContext): Promise<CheckResult[]> {
  const flows = FLOWS.flatMap((make) => make(ctx)).filter(
    (flow) => !ctx.only?.length || operationsOf(flow).some((id) => ctx.only!.includes(id)),
  );
  if (!ctx.allowWrites) {
    return flows.map((flow) => {
      const first = ctx.contract.byId(flow.steps[0]!.operationId);
      return {
        kind: 'flow',
        ...operationFields(first),
        name: `${flow.name} flow`,
        status: 'skipped',
        message: WRITES_SKIPPED,
        durationMs: 0,
      } satisfies CheckResult;
    });
  }
  // The flows touch different things (a new panel, each settings group, orders, dealer requests): they run side by
  // side, as many at once as requests may be in flight.
  const results = await pool(flows, ctx.concurrency, (flow) => runFlow(ctx, flow));
  return results.flat();
}
