/**
 * Flows that keep state (issue 22 §3): sequences of the contract's calls the console depends on, each step's answer
 * judged by the contract's response schemas and by what the flow wrote before it. A server whose "add panel" answers
 * 200 but never lists the panel, or whose settings write is acknowledged but not kept, passes the example replay and
 * fails here, at the step that reads the state back.
 *
 *  - panel: the panel's code (generatePanelCode) → add (addPanel) → listed → rename (changePanelDesc) → the new name
 *    is listed → remove (removePanel) → gone; clean-up removes the panel when the flow stopped before it did.
 *  - settings: read a settings group (getPanelSettings) → write it changed slightly (a set…settings call) → read back
 *    equal; clean-up writes the value read first back.
 *  - order: create (createOrder) → listed, not purchased (getOrders) → billing the unpaid order refused (billOrder) →
 *    cancel it (cancelOrder) → listed as cancelled → bill the purchased order the caller names (`--bill-order`:
 *    billing cannot be undone, so the flow never picks one itself) → listed as billed; clean-up cancels the new
 *    order if the flow did not.
 *  - dealer request: apply (createDealerRequest) → approve with a new dealer code (approveDealerRequest) → a second
 *    application → approving it with the same code refused (the code is in use); clean-up rejects what is pending.
 *
 * Every flow writes, so it runs only with `--allow-writes` (else one skipped result per flow). Requests go straight to
 * the server (`sendDirect`), built from the contract's operations and examples (planRequest), as end user A when the
 * accounts are given (the order's billing and the dealer requests' decisions as the administrator), else as the
 * administrator. What must be unique per run (the new panel's dev_id, the dealer code) comes from the seed and the
 * time. A step after a failure is skipped ("an earlier step failed"); clean-up runs whatever happened.
 */
import type { Operation } from '../../mocks/contract.ts';
import { createContractAjv } from '../contract/contract-loader.ts';
import {
  areaOf,
  exchangeOf,
  noAnswer,
  operationFields,
  sendDirect,
  WRITES_SKIPPED,
  type CheckContext,
  type CheckResult,
  type DirectAnswer,
  type Exchange,
} from './checks.ts';
import { isObject, planRequest, resolve, type PlannedRequest } from './requests.ts';

/** Why a step after a failed one is not run. */
export const EARLIER_FAILED = 'an earlier step failed';
export const DEADLINE_PASSED = "the run's deadline passed";

/** A step's failure: the rule and the values, with the exchange that showed it. */
class StepFailure extends Error {
  constructor(
    message: string,
    readonly details?: string[],
  ) {
    super(message);
  }
}

/** A step that does not apply on this server (e.g. no purchased order waits for billing): it and the rest skip. */
class StepSkip extends Error {}

/** What a step can do: send calls of the contract, each answer checked against it. */
interface StepCalls {
  /** Sends the operation's request (from its example, changed as asked); the answer must conform to the contract. */
  call(operationId: string, change?: RequestChange): Promise<DirectAnswer>;
}

interface RequestChange {
  token?: string;
  /** Path parameters (every one the path names). */
  path?: Record<string, string | number>;
  /** The query (replaces the example's). */
  query?: Record<string, string | number | boolean>;
  /** A JSON body (replaces the example's). */
  body?: Record<string, unknown>;
}

interface StepSpec {
  label: string;
  operationId: string;
  run(calls: StepCalls): Promise<void>;
}

interface CleanupSpec {
  label: string;
  operationId: string;
  /** Why nothing is to be cleaned up, or undefined when the clean-up is needed. */
  notNeeded(): string | undefined;
  run(calls: StepCalls): Promise<void>;
}

interface FlowSpec {
  name: string;
  steps: StepSpec[];
  cleanups: CleanupSpec[];
}

const show = (value: unknown): string => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

const dataOf = (answer: DirectAnswer): unknown => (isObject(answer.json) ? answer.json.data : undefined);

/** The first named example's value of an operation's JSON or multipart request body. */
function bodyExample(ctx: CheckContext, operationId: string, name?: string): Record<string, unknown> {
  const requestBody = resolve(ctx.contract, ctx.contract.byId(operationId).spec.requestBody);
  const content = isObject(requestBody) && isObject(requestBody.content) ? requestBody.content : {};
  for (const media of Object.values(content)) {
    const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
    const entries = Object.entries(examples).filter(([key]) => name === undefined || key === name);
    for (const [, raw] of entries) {
      const example = resolve(ctx.contract, raw);
      if (isObject(example) && isObject(example.value)) return structuredClone(example.value);
    }
  }
  throw new StepFailure(`the contract gives ${operationId} no request body example${name ? ` named ${name}` : ''}`);
}

/** The request examples of an operation's JSON body, by name. */
function bodyExamples(ctx: CheckContext, operation: Operation): [string, Record<string, unknown>][] {
  const requestBody = resolve(ctx.contract, operation.spec.requestBody);
  const content = isObject(requestBody) && isObject(requestBody.content) ? requestBody.content : {};
  const media = content['application/json'];
  const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
  return Object.entries(examples).flatMap(([name, raw]) => {
    const example = resolve(ctx.contract, raw);
    return isObject(example) && isObject(example.value) ? [[name, example.value as Record<string, unknown>]] : [];
  });
}

/** A query parameter's schema `maximum` (the largest page the server must give), else `fallback`. */
function queryMaximum(ctx: CheckContext, operation: Operation, name: string, fallback: number): number {
  const lists = [operation.pathItem.parameters, operation.spec.parameters];
  for (const list of lists) {
    for (const raw of Array.isArray(list) ? list : []) {
      const param = resolve(ctx.contract, raw);
      if (!isObject(param) || param.name !== name || param.in !== 'query') continue;
      const schema = resolve(ctx.contract, param.schema);
      if (isObject(schema) && typeof schema.maximum === 'number') return schema.maximum;
    }
  }
  return fallback;
}

/** A number unique to this run (seed and time) of `digits` digits at most. */
const runStamp = (seed: number, digits: number): number => (Date.now() + seed * 7919) % 10 ** digits;

/** Whether the answer is a success (2xx). */
const isSuccess = (answer: DirectAnswer) => answer.status >= 200 && answer.status < 300;

function expectSuccess(operationId: string, answer: DirectAnswer): void {
  if (!isSuccess(answer)) {
    const said = isObject(answer.json) && typeof answer.json.message === 'string' ? `: ${answer.json.message}` : '';
    throw new StepFailure(`${operationId} answered ${answer.status}${said}, expected a 2xx answer (its success)`);
  }
}

/** A panel command's answer (`Err` 0: the panel did it). */
function expectPanelDid(operationId: string, answer: DirectAnswer): void {
  expectSuccess(operationId, answer);
  const json = isObject(answer.json) ? answer.json : {};
  if (json.Err !== 0) {
    const said = typeof json.message === 'string' ? `: ${json.message}` : '';
    throw new StepFailure(`${operationId} answered Err ${show(json.Err)}${said}, expected Err 0 (the panel did it)`);
  }
}

function expectRefused(ctx: CheckContext, operationId: string, answer: DirectAnswer, what: string): void {
  if (isSuccess(answer)) throw new StepFailure(`${what}: ${operationId} answered ${answer.status}, expected a refusal`);
  if (!ctx.responses.isDocumented4xx(ctx.contract.byId(operationId), answer.status))
    throw new StepFailure(`${operationId} answered ${answer.status}, expected a documented 4xx refusal (${what})`);
}

const deepEqual = (a: unknown, b: unknown): boolean => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
const sortKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortKeys)
    : isObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sortKeys(value[key])]),
        )
      : value;

/** Runs a flow: its steps in order (the rest skipped after a failure), then every clean-up. */
async function runFlow(ctx: CheckContext, flow: FlowSpec): Promise<CheckResult[]> {
  const first = ctx.contract.byId(flow.steps[0]!.operationId);
  const area = areaOf(first);
  const results: CheckResult[] = [];
  const resultOf = (
    label: string,
    operationId: string,
    fields: Pick<CheckResult, 'status' | 'message' | 'details' | 'exchange' | 'durationMs'>,
  ): CheckResult => ({
    kind: 'flow',
    ...operationFields(ctx.contract.byId(operationId)),
    area,
    name: `${flow.name} flow: ${label} (${operationId})`,
    ...fields,
  });

  const perform = async (label: string, operationId: string, run: StepSpec['run'], cleanup: boolean) => {
    const started = performance.now();
    let last: Exchange | undefined;
    const calls: StepCalls = {
      call: async (id, change = {}) => {
        const operation = ctx.contract.byId(id);
        const request = buildRequest(ctx, operation, change);
        last = exchangeOf(request);
        let answer: DirectAnswer;
        try {
          // A clean-up is sent even after the run's deadline: it leaves the server as the flow found it.
          answer = await sendDirect(ctx.target, request, {
            timeoutMs: ctx.timeoutMs,
            ...(cleanup ? {} : { signal: ctx.deadline }),
          });
        } catch (error) {
          throw new StepFailure(`${id}: ${noAnswer(error, ctx.timeoutMs)}`);
        }
        last = exchangeOf(request, answer);
        const violations = ctx.responses.check(operation, answer);
        if (violations.length > 0) {
          throw new StepFailure(
            `${id} answered ${answer.status}, which breaks the contract`,
            violations.map((v) => `${v.location}: ${v.message}`),
          );
        }
        return answer;
      },
    };
    const durationMs = () => Math.round(performance.now() - started);
    try {
      await run(calls);
      return resultOf(label, operationId, { status: 'passed', durationMs: durationMs() });
    } catch (error) {
      if (error instanceof StepSkip)
        return resultOf(label, operationId, { status: 'skipped', message: error.message, durationMs: durationMs() });
      const failure = error instanceof StepFailure ? error : new StepFailure(`the step broke: ${String(error)}`);
      return resultOf(label, operationId, {
        status: 'failed',
        message: failure.message,
        ...(failure.details?.length ? { details: failure.details } : {}),
        ...(last ? { exchange: last } : {}),
        durationMs: durationMs(),
      });
    }
  };

  let stopped: string | undefined;
  for (const [index, step] of flow.steps.entries()) {
    const label = `${index + 1}. ${step.label}`;
    if (!stopped && ctx.deadline.aborted) stopped = DEADLINE_PASSED;
    if (stopped) {
      results.push(resultOf(label, step.operationId, { status: 'skipped', message: stopped, durationMs: 0 }));
      continue;
    }
    const result = await perform(label, step.operationId, step.run, false);
    results.push(result);
    if (result.status === 'failed') stopped = EARLIER_FAILED;
    else if (result.status === 'skipped') stopped = result.message;
  }
  for (const cleanup of flow.cleanups) {
    const label = `clean-up: ${cleanup.label}`;
    const reason = cleanup.notNeeded();
    results.push(
      reason
        ? resultOf(label, cleanup.operationId, { status: 'skipped', message: reason, durationMs: 0 })
        : await perform(label, cleanup.operationId, cleanup.run, true),
    );
  }
  for (const result of results) if (result.status === 'failed') ctx.log(`  ${result.name}: ${result.message}`);
  return results;
}

/** The operation's request from its example, with the path, query, body and token the flow gives. */
function buildRequest(ctx: CheckContext, operation: Operation, change: RequestChange): PlannedRequest {
  const plan = planRequest(ctx.contract, operation, change.token ?? ctx.token);
  if (plan.kind === 'skip')
    throw new StepFailure(`${operation.operationId}: cannot build its request (${plan.reason})`);
  const request = { ...plan.request, headers: { ...plan.request.headers } };
  if (change.path || change.query) {
    const [planned, plannedQuery = ''] = request.url.split('?');
    let url = planned!;
    if (change.path) {
      url = operation.path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
        name in change.path! ? encodeURIComponent(String(change.path![name])) : whole,
      );
      if (url.includes('{')) throw new StepFailure(`${operation.operationId}: a path parameter is missing (${url})`);
    }
    const query = change.query
      ? new URLSearchParams(Object.entries(change.query).map(([key, value]) => [key, String(value)])).toString()
      : plannedQuery;
    request.url = query ? `${url}?${query}` : url;
  }
  if (change.body) {
    request.body = JSON.stringify(change.body);
    request.headers['content-type'] ??= 'application/json';
  }
  return request;
}

/** The flows' caller: end user A when the accounts are given, else the administrator. */
const userToken = (ctx: CheckContext): string => ctx.identities?.a.token ?? ctx.token;

/** Finds a row of a paged list by a predicate, page after page (the contract's largest page). */
async function findInPages(
  calls: StepCalls,
  operationId: string,
  pageSize: number,
  request: (offset: number) => RequestChange,
  matches: (row: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown> | undefined> {
  let offset = 0;
  for (let page = 0; page < 50; page++) {
    const answer = await calls.call(operationId, request(offset));
    expectSuccess(operationId, answer);
    const rows = dataOf(answer);
    if (!Array.isArray(rows)) throw new StepFailure(`${operationId} answered no list (data)`);
    const found = rows.find((row) => isObject(row) && matches(row));
    if (found) return found as Record<string, unknown>;
    const info = isObject(answer.json) && isObject(answer.json.list_info) ? answer.json.list_info : undefined;
    offset += rows.length;
    const total = typeof info?.total_count === 'number' ? info.total_count : undefined;
    if (
      rows.length === 0 ||
      (total !== undefined && offset >= total) ||
      (total === undefined && rows.length < pageSize)
    )
      return undefined;
  }
  return undefined;
}

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

/** The settings write the flow uses: the first of these the contract has, else any settings write. */
const SETTINGS_WRITES = ['setsiacodesettings', 'settimersettings'];

type Path = (string | number)[];
const getAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>(
    (at, key) => (isObject(at) || Array.isArray(at) ? (at as Record<string, unknown>)[key] : undefined),
    value,
  );
function setAt(value: Record<string, unknown>, path: Path, next: unknown): void {
  let at: Record<string, unknown> = value;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path.at(-1)!] = next;
}

/** Every leaf of a value (depth first), with its path. */
function leaves(value: unknown, path: Path = []): [Path, unknown][] {
  if (isObject(value)) return Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]));
  if (Array.isArray(value)) return value.flatMap((child, index) => leaves(child, [...path, index]));
  return [[path, value]];
}

function settingsFlow(ctx: CheckContext): FlowSpec {
  const token = userToken(ctx);
  const write =
    SETTINGS_WRITES.map((id) => ctx.contract.operations.find((op) => op.operationId === id)).find(Boolean) ??
    ctx.contract.operations.find((op) => typeof op.spec['x-settings-group'] === 'number');
  if (!write) throw new Error('the contract has no settings write (x-settings-group)');
  const writeId = write.operationId;
  const group = write.spec['x-settings-group'];
  const [, writeExample] = bodyExamples(ctx, write)[0] ?? [];
  if (!writeExample) throw new Error(`${writeId} has no request body example`);
  const readOp = ctx.contract.byId('getPanelSettings');
  const readExample = bodyExamples(ctx, readOp)
    .map(([, value]) => value)
    .find((value) => value.group === group && (value.member ?? 0) === (writeExample.member ?? 0));
  const devId = ctx.identities?.a.panel?.dev_id ?? writeExample.dev_id;
  const envelope = new Set(Object.keys(readExample ?? {}));
  const groupFields = Object.keys(writeExample).filter((field) => !envelope.has(field));
  const state = {
    original: undefined as Record<string, unknown> | undefined,
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

  /** The write's body: the example's envelope (the panel of the flow), the group's fields as given. */
  const bodyWith = (fields: Record<string, unknown>) => ({ ...writeExample, dev_id: devId, ...fields });

  return {
    name: 'settings',
    steps: [
      {
        label: `read settings group ${show(group)}`,
        operationId: 'getPanelSettings',
        async run(calls) {
          state.original = await read(calls);
        },
      },
      {
        label: 'write it changed',
        operationId: writeId,
        async run(calls) {
          const original = state.original!;
          const fields = Object.fromEntries(
            groupFields.map((field) => [
              field,
              structuredClone(field in original ? original[field] : writeExample[field]),
            ]),
          );
          // A slight change that stays valid: a yes/no flipped, else a number one up or down.
          const candidates = leaves(fields).flatMap(([path, value]): [Path, unknown][] =>
            typeof value === 'boolean'
              ? [[path, !value]]
              : typeof value === 'number'
                ? [
                    [path, value + 1],
                    [path, value - 1],
                  ]
                : [],
          );
          const ordered = [
            ...candidates.filter(([, value]) => typeof value === 'boolean'),
            ...candidates.filter(([, value]) => typeof value !== 'boolean'),
          ];
          const chosen = ordered.find(([path, value]) => {
            const trial = structuredClone(fields);
            setAt(trial, path, value);
            return validWrite(bodyWith(trial));
          });
          if (!chosen) throw new StepFailure(`no field of ${writeId}'s example can be changed to another valid value`);
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
          const differences = leaves(state.written).filter(([path, value]) => !deepEqual(getAt(data, path), value));
          if (differences.length === 0) return;
          const changed = differences.find(([path]) => state.changed.some((p) => p.join('.') === path.join('.')));
          const [path, value] = changed ?? differences[0]!;
          throw new StepFailure(
            `settings group ${show(group)} read back ${path.join('.')} = ${show(getAt(data, path))}, expected ${show(value)} (what ${writeId} wrote)`,
            differences.map(([p, v]) => `${p.join('.')}: read ${show(getAt(data, p))}, written ${show(v)}`),
          );
        },
      },
    ],
    cleanups: [
      {
        label: 'write the value read first back',
        operationId: writeId,
        notNeeded: () => (state.sent ? undefined : 'nothing was written'),
        async run(calls) {
          const original = state.original!;
          const fields = Object.fromEntries(
            groupFields.map((field) => [field, field in original ? original[field] : writeExample[field]]),
          );
          expectPanelDid(writeId, await calls.call(writeId, { token, body: bodyWith(fields) }));
        },
      },
    ],
  };
}

/** Whether a JSON body is valid against the operation's request body schema. */
function compileBody(ctx: CheckContext, operation: Operation): (body: unknown) => boolean {
  const ajv = createContractAjv(ctx.contract.document);
  const part = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1');
  const raw = operation.spec.requestBody;
  const base =
    isObject(raw) && typeof raw.$ref === 'string'
      ? `contract${raw.$ref}`
      : `contract#/paths/${part(operation.path)}/${operation.method}/requestBody`;
  const validate = ajv.compile({ $ref: `${base}/content/application~1json/schema` });
  return (body) => validate(body) === true;
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
          const answer = await calls.call('createOrder', { token: buyer });
          expectSuccess('createOrder', answer);
          const data = dataOf(answer);
          const number = isObject(data) ? Number(data.merchant_no) : NaN;
          if (!Number.isSafeInteger(number) || number < 1)
            throw new StepFailure(
              `createOrder answered merchant_no ${show(isObject(data) ? data.merchant_no : undefined)}, expected the new order's number`,
            );
          state.created = number;
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

/** The flows, in the order they are reported. */
const FLOWS: ((ctx: CheckContext) => FlowSpec)[] = [panelFlow, settingsFlow, orderFlow, dealerFlow];

/** The operations a flow sends (`--only` runs a flow when it names one of them). */
const operationsOf = (flow: FlowSpec): string[] => [
  ...new Set([...flow.steps, ...flow.cleanups].map((step) => step.operationId)),
];

export async function runFlows(ctx: CheckContext): Promise<CheckResult[]> {
  const flows = FLOWS.map((make) => make(ctx)).filter(
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
  // The flows touch different things (a new panel, a settings group, orders, dealer requests): they run together.
  const results = await Promise.all(flows.map((flow) => runFlow(ctx, flow)));
  return results.flat();
}
