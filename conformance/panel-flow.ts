/**
 * The panel flow: the panel's code (generatePanelCode) → add (addPanel) → listed → rename (changePanelDesc) → the new
 * name is listed → remove (removePanel) → gone; clean-up removes the panel when the flow stopped before it did.
 */
import { type CheckContext } from './checks.ts';
import {
  bodyExample,
  expectPanelDid,
  expectSuccess,
  findInPages,
  queryMaximum,
  runStamp,
  show,
  StepFailure,
  userToken,
  type FlowSpec,
  type StepCalls,
} from './flow-kit.ts';
import { isObject } from './requests.ts';

export function panelFlow(ctx: CheckContext): FlowSpec {
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
