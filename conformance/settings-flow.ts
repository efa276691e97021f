/**
 * The settings flows: one for every settings group of the contract (each operation with `x-settings-group`, counted
 * from the contract, in group order), so a server that keeps the zones but loses a Wi-Fi write is caught at that
 * group's read-back:
 *
 *  read the group's record (getPanelSettings, the contract's read example of the group and the write example's
 *  record) → write it changed slightly (the group's write: a yes/no flipped, else a number one up or down, else the
 *  last character of a text changed; only a value the write's schema accepts) → read it back equal → where a
 *  panel's list shows the group's records (`x-settings-records`: zones, keypads, panel users, outputs), its row of
 *  the record shows what the record holds (a server keeping its lists apart from the panel's programming is caught).
 *  Clean-up: the record read first is written back.
 *
 * A record's own number (`id`, `zone_no`, `user_no` …) is never the field changed: it names the record.
 */
import type { Operation } from '../mocks/contract.ts';
import { recordLists, type RecordList } from '../mocks/record-lists.ts';
import type { CheckContext } from './checks.ts';
import {
  bodyExamples,
  dataOf,
  deepEqual,
  expectPanelDid,
  show,
  StepFailure,
  userToken,
  type FlowSpec,
  type StepCalls,
} from './flow-kit.ts';
import { compileBody, getAt, leaves, setAt, type Path } from './flow-values.ts';
import { isObject } from './requests.ts';
import { candidates } from './settings-changes.ts';

/** The group of a settings write operation (`x-settings-group`), else undefined. */
const groupOf = (operation: Operation): number | undefined => {
  const group = operation.spec['x-settings-group'];
  return typeof group === 'number' ? group : undefined;
};

/** Every settings group's write operation of the contract, in group order. */
export const settingsWrites = (ctx: Pick<CheckContext, 'contract'>): Operation[] =>
  ctx.contract.operations
    .filter((operation) => groupOf(operation) !== undefined)
    .sort((a, b) => groupOf(a)! - groupOf(b)!);

/** The flow of one settings group (its write operation). */
export function settingsFlow(ctx: CheckContext, write: Operation): FlowSpec {
  const token = userToken(ctx);
  const writeId = write.operationId;
  const group = groupOf(write);
  const name = `settings group ${show(group)}`;
  const [, writeExample] = bodyExamples(ctx, write)[0] ?? [];
  if (!writeExample) throw new Error(`${writeId} has no request body example`);
  const readExample = bodyExamples(ctx, ctx.contract.byId('getPanelSettings'))
    .map(([, value]) => value)
    .find((value) => value.group === group && (value.member ?? 0) === (writeExample.member ?? 0));
  const devId = ctx.identities?.a.panel?.dev_id ?? writeExample.dev_id;
  const envelope = new Set(Object.keys(readExample ?? {}));
  const groupFields = Object.keys(writeExample).filter((field) => !envelope.has(field));
  const state = {
    original: undefined as Record<string, unknown> | undefined,
    readBack: undefined as Record<string, unknown> | undefined,
    sent: false,
    written: {} as Record<string, unknown>,
    changed: [] as Path[],
  };
  const validWrite = compileBody(ctx, write);

  const read = async (calls: StepCalls): Promise<Record<string, unknown>> => {
    if (!readExample) throw new StepFailure(`getPanelSettings has no request example of group ${show(group)}`);
    const answer = await calls.call('getPanelSettings', { token, body: { ...readExample, dev_id: devId } });
    expectPanelDid('getPanelSettings', answer);
    const data = dataOf(answer);
    if (!isObject(data)) throw new StepFailure(`getPanelSettings of group ${show(group)} answered no data`);
    return data;
  };
  /** The group's fields as the panel holds them (the example's where the read left one out). */
  const fieldsOf = (original: Record<string, unknown>) =>
    Object.fromEntries(
      groupFields.map((field) => [field, structuredClone(field in original ? original[field] : writeExample[field])]),
    );
  /** The write's body: the example's envelope (the panel of the flow), the group's fields as given. */
  const bodyWith = (fields: Record<string, unknown>) => ({ ...writeExample, dev_id: devId, ...fields });

  return {
    name,
    steps: [
      {
        label: `read ${name}`,
        operationId: 'getPanelSettings',
        async run(calls) {
          state.original = await read(calls);
        },
      },
      {
        label: 'write it changed',
        operationId: writeId,
        async run(calls) {
          const fields = fieldsOf(state.original!);
          const chosen = candidates(fields).find(([path, value]) => {
            const trial = structuredClone(fields);
            setAt(trial, path, value);
            return validWrite(bodyWith(trial));
          });
          if (!chosen) throw new StepFailure(`no field of ${writeId}'s record can be changed to another valid value`);
          setAt(fields, chosen[0], chosen[1]);
          state.written = fields;
          state.changed = [chosen[0]];
          state.sent = true;
          expectPanelDid(writeId, await calls.call(writeId, { token, body: bodyWith(fields) }));
        },
      },
      {
        label: 'read back equal',
        operationId: 'getPanelSettings',
        async run(calls) {
          const data = await read(calls);
          state.readBack = data;
          const differences = leaves(state.written).filter(([path, value]) => !deepEqual(getAt(data, path), value));
          if (differences.length === 0) return;
          const changed = differences.find(([path]) => state.changed.some((p) => p.join('.') === path.join('.')));
          const [path, value] = changed ?? differences[0]!;
          throw new StepFailure(
            `${name} read back ${path.join('.')} = ${show(getAt(data, path))}, expected ${show(value)} (what ${writeId} wrote)`,
            differences.map(([p, v]) => `${p.join('.')}: read ${show(getAt(data, p))}, written ${show(v)}`),
          );
        },
      },
      ...recordLists(ctx.contract)
        .filter((list) => list.group === group)
        .map((list) => listStep(list, token, devId, () => state.readBack, writeId)),
    ],
    cleanups: [
      {
        label: 'write the value read first back',
        operationId: writeId,
        notNeeded: () => (state.sent ? undefined : 'nothing was written'),
        async run(calls) {
          expectPanelDid(writeId, await calls.call(writeId, { token, body: bodyWith(fieldsOf(state.original!)) }));
        },
      },
    ],
  };
}

/**
 * The step after the read-back of a group whose records a panel's list shows (`x-settings-records`): the list's row of
 * the record shows what the record holds (a zone written through programming is listed with its new name and state).
 */
function listStep(
  list: RecordList,
  token: string | undefined,
  devId: unknown,
  record: () => Record<string, unknown> | undefined,
  writeId: string,
): FlowSpec['steps'][number] {
  const param = /\{(\w+)\}/.exec(list.path)?.[1] ?? 'id';
  return {
    label: 'its list shows the record as it is',
    operationId: list.operationId,
    async run(calls) {
      const data = record()!;
      const answer = await calls.call(list.operationId, { token, path: { [param]: String(devId) } });
      const rows = dataOf(answer);
      const number = data[list.numberField];
      const row = Array.isArray(rows)
        ? rows.find((item) => isObject(item) && item[list.numberField] === number)
        : undefined;
      if (!isObject(row)) return;
      const differences = Object.entries(list.fields).filter(
        ([recordField, rowField]) => recordField in data && !deepEqual(row[rowField], data[recordField]),
      );
      if (differences.length === 0) return;
      const [recordField, rowField] = differences[0]!;
      throw new StepFailure(
        `${list.operationId} lists ${list.numberField} ${show(number)} with ${rowField} = ${show(row[rowField])}, ` +
          `the record holds ${show(data[recordField])} (after ${writeId})`,
        differences.map(([r, l]) => `${l}: listed ${show(row[l])}, record ${r} ${show(data[r])}`),
      );
    },
  };
}

/** The settings flows of every group of the contract. */
export const settingsFlows = (ctx: CheckContext): FlowSpec[] =>
  settingsWrites(ctx).map((write) => settingsFlow(ctx, write));
