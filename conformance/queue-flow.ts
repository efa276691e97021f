/**
 * The programming queue's flow (the proposed `queueSettingsWrite` and the calls beside it): what a backend must hold
 * for a queued write, on a panel that is connected (a queued write to a connected panel is applied at once).
 *
 *  read the record the contract's example queues, or the next of its group on which no write of the panel's queue
 *  waits (getPanelQueue, getPanelSettings: a waiting write, a conflicted one too, holds the later writes of its record
 *  back) → queue a change of one field with a key made for this run (201) → the same key again answers the same
 *  write (200), nothing queued twice → the panel's queue lists it once → it ends `applied` (within `APPLY_WAIT_MS`)
 *  and the record reads back with the queued value.
 *  Clean-up: a write still waiting is cancelled (cancelQueuedWrite); a write that was applied is undone by writing
 *  the value read first back (the group's own write).
 *
 * A panel that is not connected leaves the write `queued`: the steps after it are skipped with that reason, and the
 * clean-up cancels it.
 */
import type { CheckContext } from './checks.ts';
import {
  bodyExample,
  dataOf,
  deepEqual,
  expectPanelDid,
  expectSuccess,
  runStamp,
  show,
  StepFailure,
  StepSkip,
  userToken,
  type FlowSpec,
  type StepCalls,
} from './flow-kit.ts';
import { queuedItem, queueRows, waitingMembers } from './queue-rows.ts';
import { isObject } from './requests.ts';

/** How long the flow waits for a write to a connected panel to be applied. */
export const APPLY_WAIT_MS = 20_000;
const POLL_MS = 500;
const FINAL = new Set(['applied', 'failed', 'cancelled']);

export function queueFlow(ctx: CheckContext): FlowSpec {
  const token = userToken(ctx);
  const example = bodyExample(ctx, 'queueSettingsWrite');
  const exampleWrite = isObject(example.write) ? example.write : {};
  const devId = ctx.identities?.a.panel?.dev_id ?? Number(example.dev_id);
  const group = Number(exampleWrite.group);
  const write = ctx.contract.operations.find((op) => op.spec['x-settings-group'] === group);
  const key = `conformance-${ctx.seed}-${runStamp(ctx.seed, 12)}`;
  const record = { group, member: Number(exampleWrite.member ?? 0), list_id: Number(exampleWrite.list_id ?? 0) };
  const state = {
    original: undefined as Record<string, unknown> | undefined,
    field: '',
    value: undefined as unknown,
    item: undefined as number | undefined,
    final: undefined as string | undefined,
  };

  const readRecord = async (calls: StepCalls): Promise<Record<string, unknown>> => {
    const body = { dev_id: devId, command: 'GET', user_pass: exampleWrite.user_pass, offset: 0, ...record };
    const answer = await calls.call('getPanelSettings', { token, body });
    expectPanelDid('getPanelSettings', answer);
    const data = dataOf(answer);
    if (!isObject(data)) throw new StepFailure(`getPanelSettings of group ${group} answered no data`);
    return data;
  };
  /** The flow's queued write: the record read first with the chosen field changed, and the value it had. */
  const queued = () => ({
    ...example,
    dev_id: devId,
    write: { ...exampleWrite, ...state.original, dev_id: devId, command: 'SET', ...record, [state.field]: state.value },
    before: { [state.field]: state.original![state.field] },
  });
  /** The flow's write as the panel's queue lists it now, and how many rows carry its id. */
  const listed = async (calls: StepCalls) => {
    const mine = (await queueRows(calls, token, devId)).filter((row) => row.id === state.item);
    return { row: mine[0], count: mine.length };
  };

  return {
    name: 'queue',
    steps: [
      {
        label: `read the record the example queues, or the next no write waits on (group ${group}, from record ${record.member})`,
        operationId: 'getPanelSettings',
        async run(calls) {
          // A write already waiting on the record (queued, applying, or conflicted: waiting for a person) holds every
          // later write of the record back, so the flow's would never be applied: the next record is taken instead.
          const waiting = waitingMembers(await queueRows(calls, token, devId), record);
          while (waiting.has(record.member)) record.member += 1;
          state.original = await readRecord(calls);
        },
      },
      {
        label: 'queue a change of one field, with a key of this run',
        operationId: 'queueSettingsWrite',
        async run(calls) {
          const original = state.original!;
          // The example's changed field, given another value than the panel holds (a name: the panel's, marked).
          const [field] = Object.keys(isObject(example.before) ? example.before : {});
          if (!field || !(field in original)) throw new StepFailure(`the record has no field ${show(field)} to change`);
          const now = original[field];
          const value =
            typeof now === 'string' ? `${now.slice(0, 12)} Q` : typeof now === 'boolean' ? !now : Number(now) + 1;
          state.field = field;
          state.value = value;
          const answer = await calls.call('queueSettingsWrite', {
            token,
            body: queued(),
            headers: { 'idempotency-key': key },
          });
          if (answer.status !== 201)
            throw new StepFailure(`queueSettingsWrite answered ${answer.status} to a new key, expected 201 (queued)`);
          const item = queuedItem(answer);
          state.item = Number(item.id);
          state.final = FINAL.has(String(item.state)) ? String(item.state) : undefined;
        },
      },
      {
        label: 'the same key again answers the same write',
        operationId: 'queueSettingsWrite',
        async run(calls) {
          const answer = await calls.call('queueSettingsWrite', {
            token,
            body: queued(),
            headers: { 'idempotency-key': key },
          });
          if (answer.status !== 200)
            throw new StepFailure(
              `queueSettingsWrite answered ${answer.status} to a key sent before, expected 200 (the first write, nothing queued)`,
            );
          const id = Number(queuedItem(answer).id);
          if (id !== state.item)
            throw new StepFailure(
              `the same Idempotency-Key answered write ${id}, expected the first write ${state.item}`,
            );
        },
      },
      {
        label: "listed once in the panel's queue",
        operationId: 'getPanelQueue',
        async run(calls) {
          const { count } = await listed(calls);
          if (count !== 1)
            throw new StepFailure(`getPanelQueue lists write ${state.item} ${count} times, expected once`);
        },
      },
      {
        label: 'applied, and the record reads back with the queued value',
        operationId: 'getPanelQueue',
        async run(calls) {
          const until = Date.now() + APPLY_WAIT_MS;
          let row = (await listed(calls)).row;
          while (row && !FINAL.has(String(row.state)) && row.state !== 'conflicted' && Date.now() < until) {
            await new Promise((resolve) => setTimeout(resolve, POLL_MS));
            row = (await listed(calls)).row;
          }
          state.final = row && FINAL.has(String(row.state)) ? String(row.state) : undefined;
          if (!row) throw new StepFailure(`write ${state.item} is no longer listed`);
          if (row.state === 'queued')
            throw new StepSkip(`the panel is not connected: write ${state.item} is still queued`);
          if (row.state !== 'applied') {
            const answer = isObject(row.panel_answer) ? `, the panel answered Err ${show(row.panel_answer.Err)}` : '';
            throw new StepFailure(`write ${state.item} ended ${show(row.state)}${answer}, expected 'applied'`);
          }
          const now = (await readRecord(calls))[state.field];
          if (!deepEqual(now, state.value))
            throw new StepFailure(
              `write ${state.item} is 'applied' but ${state.field} reads back ${show(now)}, expected ${show(state.value)}`,
            );
        },
      },
    ],
    cleanups: [
      {
        label: 'cancel the write still waiting',
        operationId: 'cancelQueuedWrite',
        notNeeded: () =>
          state.item === undefined ? 'nothing was queued' : state.final ? `the write is ${state.final}` : undefined,
        async run(calls) {
          const answer = await calls.call('cancelQueuedWrite', { token, path: { id: state.item! } });
          // Applied meanwhile (409): the next clean-up writes the value back.
          if (answer.status === 409) state.final = 'applied';
          else expectSuccess('cancelQueuedWrite', answer);
        },
      },
      {
        label: 'write the value read first back',
        operationId: write?.operationId ?? 'queueSettingsWrite',
        notNeeded: () =>
          state.final !== 'applied'
            ? 'no queued write was applied'
            : !write
              ? 'the contract has no write of the group'
              : undefined,
        async run(calls) {
          const body = { ...exampleWrite, ...state.original, dev_id: devId, command: 'SET', ...record };
          expectPanelDid(write!.operationId, await calls.call(write!.operationId, { token, body }));
        },
      },
    ],
  };
}
