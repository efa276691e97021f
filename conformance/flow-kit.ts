/**
 * What the stateful flows (flows.ts, queue-flow.ts) are made of: a flow is steps and clean-ups (flow-run.ts runs it),
 * and the helpers its steps judge answers with and read values by.
 */
import type { Operation } from '../mocks/contract.ts';
import { type CheckContext } from './checks.ts';
import { type DirectAnswer } from './direct.ts';
import { isObject, resolve } from './requests.ts';

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
