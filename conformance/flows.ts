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
import { dealerFlow } from './dealer-flow.ts';
import { type FlowSpec } from './flow-kit.ts';
import { runFlow } from './flow-run.ts';
import { orderFlow } from './order-flow.ts';
import { panelFlow } from './panel-flow.ts';
import { passwordFlow } from './password-flow.ts';
import { queueFlow } from './queue-flow.ts';
import { rolloutDowngradeFlow } from './rollout-flow.ts';
import { settingsFlows } from './settings-flow.ts';

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
