/**
 * What the stateful flows (flows.ts, queue-flow.ts) are made of: a flow is steps and clean-ups, each step sends calls
 * of the contract built from its examples (`buildRequest`) and judges each answer by the contract's response schemas;
 * a failed step skips the rest, and every clean-up runs whatever happened (`runFlow`).
 */
import type { Operation } from '../mocks/contract.ts';
import { createContractAjv } from '../tests/contract/contract-loader.ts';
import { areaOf, operationFields, type CheckContext, type CheckResult } from './checks.ts';
import { exchangeOf, noAnswer, sendDirect, type DirectAnswer, type Exchange } from './direct.ts';
import { isObject, planRequest, resolve, type PlannedRequest } from './requests.ts';

/** Why a step after a failed one is not run. */
export const EARLIER_FAILED = 'an earlier step failed';
export const DEADLINE_PASSED = "the run's deadline passed";

/** A step's failure: the rule and the values, with the exchange that showed it. */
export class StepFailure extends Error {
  constructor(
    message: string,
    readonly details?: string[],
  ) {
    super(message);
  }
}

/** A step that does not apply on this server (e.g. no purchased order waits for billing): it and the rest skip. */
export class StepSkip extends Error {}

/** What a step can do: send calls of the contract, each answer checked against it. */
export interface StepCalls {
  /** Sends the operation's request (from its example, changed as asked); the answer must conform to the contract. */
  call(operationId: string, change?: RequestChange): Promise<DirectAnswer>;
}

export interface RequestChange {
  token?: string;
  /** Path parameters (every one the path names). */
  path?: Record<string, string | number>;
  /** The query (replaces the example's). */
  query?: Record<string, string | number | boolean>;
  /** A JSON body (replaces the example's). */
  body?: Record<string, unknown>;
  /** Headers set over the example's (lower-case names). */
  headers?: Record<string, string>;
}

export interface StepSpec {
  label: string;
  operationId: string;
  run(calls: StepCalls): Promise<void>;
}

export interface CleanupSpec {
  label: string;
  operationId: string;
  /** Why nothing is to be cleaned up, or undefined when the clean-up is needed. */
  notNeeded(): string | undefined;
  run(calls: StepCalls): Promise<void>;
}

export interface FlowSpec {
  name: string;
  steps: StepSpec[];
  cleanups: CleanupSpec[];
}

export const show = (value: unknown): string => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

export const dataOf = (answer: DirectAnswer): unknown => (isObject(answer.json) ? answer.json.data : undefined);

/** The first named example's value of an operation's JSON or multipart request body. */
export function bodyExample(ctx: CheckContext, operationId: string, name?: string): Record<string, unknown> {
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
export function bodyExamples(ctx: CheckContext, operation: Operation): [string, Record<string, unknown>][] {
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
export function queryMaximum(ctx: CheckContext, operation: Operation, name: string, fallback: number): number {
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
export const runStamp = (seed: number, digits: number): number => (Date.now() + seed * 7919) % 10 ** digits;

/** Whether the answer is a success (2xx). */
export const isSuccess = (answer: DirectAnswer) => answer.status >= 200 && answer.status < 300;

export function expectSuccess(operationId: string, answer: DirectAnswer): void {
  if (!isSuccess(answer)) {
    const said = isObject(answer.json) && typeof answer.json.message === 'string' ? `: ${answer.json.message}` : '';
    throw new StepFailure(`${operationId} answered ${answer.status}${said}, expected a 2xx answer (its success)`);
  }
}

/** A panel command's answer (`Err` 0: the panel did it). */
export function expectPanelDid(operationId: string, answer: DirectAnswer): void {
  expectSuccess(operationId, answer);
  const json = isObject(answer.json) ? answer.json : {};
  if (json.Err !== 0) {
    const said = typeof json.message === 'string' ? `: ${json.message}` : '';
    throw new StepFailure(`${operationId} answered Err ${show(json.Err)}${said}, expected Err 0 (the panel did it)`);
  }
}

export function expectRefused(ctx: CheckContext, operationId: string, answer: DirectAnswer, what: string): void {
  if (isSuccess(answer)) throw new StepFailure(`${what}: ${operationId} answered ${answer.status}, expected a refusal`);
  if (!ctx.responses.isDocumented4xx(ctx.contract.byId(operationId), answer.status))
    throw new StepFailure(`${operationId} answered ${answer.status}, expected a documented 4xx refusal (${what})`);
}

export const deepEqual = (a: unknown, b: unknown): boolean =>
  JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
export const sortKeys = (value: unknown): unknown =>
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
export async function runFlow(ctx: CheckContext, flow: FlowSpec): Promise<CheckResult[]> {
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
export function buildRequest(ctx: CheckContext, operation: Operation, change: RequestChange): PlannedRequest {
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
  Object.assign(request.headers, change.headers);
  if (change.body) {
    request.body = JSON.stringify(change.body);
    request.headers['content-type'] ??= 'application/json';
  }
  return request;
}

/** The flows' caller: end user A when the accounts are given, else the administrator. */
export const userToken = (ctx: CheckContext): string => ctx.identities?.a.token ?? ctx.token;

/** Finds a row of a paged list by a predicate, page after page (the contract's largest page). */
export async function findInPages(
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

export type Path = (string | number)[];
export const getAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>(
    (at, key) => (isObject(at) || Array.isArray(at) ? (at as Record<string, unknown>)[key] : undefined),
    value,
  );
export function setAt(value: Record<string, unknown>, path: Path, next: unknown): void {
  let at: Record<string, unknown> = value;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path.at(-1)!] = next;
}

/** Every leaf of a value (depth first), with its path. */
export function leaves(value: unknown, path: Path = []): [Path, unknown][] {
  if (isObject(value)) return Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]));
  if (Array.isArray(value)) return value.flatMap((child, index) => leaves(child, [...path, index]));
  return [[path, value]];
}

/** Whether a JSON body is valid against the operation's request body schema. */
export function compileBody(ctx: CheckContext, operation: Operation): (body: unknown) => boolean {
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
