/** The caller's panels for the live check, from the REST API (the contract's operations, with the caller's token). */
import type { Contract, Operation } from '../mocks/contract.ts';
import type { ResponseChecker } from './response-checker.ts';
import { type CheckResult } from './checks.ts';
import { exchangeOf, noAnswer, sendDirect, type DirectAnswer } from './direct.ts';
import { LIVE_CHECKS } from './live-options.ts';
import { FIXED_HEADERS, isObject, resolve, type PlannedRequest } from './requests.ts';

interface PanelList {
  result: CheckResult;
  devIds: number[];
  listedBy?: string;
}

const headersOf = (token: string): Record<string, string> => ({
  ...FIXED_HEADERS,
  authorization: `Bearer ${token}`,
  accept: 'application/json',
});

/** The query parameter named `name` of an operation (path-item or operation level), resolved. */
const queryParameter = (
  contract: Contract,
  operation: Operation,
  name: string,
): Record<string, unknown> | undefined => {
  const lists = [operation.pathItem.parameters, operation.spec.parameters];
  for (const list of lists.reverse()) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const param = resolve(contract, raw);
      if (isObject(param) && param.in === 'query' && param.name === name) return param;
    }
  }
  return undefined;
};

/**
 * Lists the caller's panels as the console does: a caller whose level reaches `getUserAllDevices`'s
 * `x-required-level` gets every panel at once, anyone else pages through `getUserDevices` (the panel list's call) at
 * the largest page the contract allows. Every answer is also judged by the contract's response schemas.
 */
export async function listPanels(
  contract: Contract,
  responses: ResponseChecker,
  api: string,
  token: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<PanelList> {
  const started = Date.now();
  const base = { kind: 'live' as const, area: 'live', name: LIVE_CHECKS.list };
  const headers = headersOf(token);
  const fail = (
    operation: Operation,
    message: string,
    request: PlannedRequest,
    answer?: DirectAnswer,
    details?: string[],
  ) => ({
    result: {
      ...base,
      operationId: operation.operationId,
      status: 'failed' as const,
      message,
      ...(details?.length ? { details } : {}),
      exchange: exchangeOf(request, answer),
      durationMs: Date.now() - started,
    },
    devIds: [],
  });
  const send = async (operation: Operation, url: string) => {
    const request: PlannedRequest = { url, method: operation.method.toUpperCase(), headers };
    try {
      const answer = await sendDirect(api, request, { timeoutMs, ...(signal ? { signal } : {}) });
      return { request, answer };
    } catch (error) {
      return { request, error: noAnswer(error, timeoutMs) };
    }
  };
  /** The answer's rows, or why the answer is not a panel list. */
  const judge = (operation: Operation, request: PlannedRequest, answer: DirectAnswer) => {
    const violations = responses.check(operation, answer).map((v) => `${v.location}: ${v.message}`);
    if (answer.status !== 200)
      return fail(
        operation,
        `${operation.operationId} answered ${answer.status} to the caller's token`,
        request,
        answer,
        violations,
      );
    if (violations.length > 0)
      return fail(operation, `${operation.operationId}'s answer breaks the contract`, request, answer, violations);
    const rows = isObject(answer.json) && Array.isArray(answer.json.data) ? answer.json.data : [];
    return rows
      .map((row) => (isObject(row) ? row.dev_id : undefined))
      .filter((devId): devId is number => Number.isSafeInteger(devId));
  };

  const detailOperation = contract.byId('getUserDetail');
  const detail = await send(detailOperation, detailOperation.path);
  if ('error' in detail)
    return fail(detailOperation, `${detailOperation.operationId}: ${detail.error}`, detail.request);
  const profile =
    isObject(detail.answer.json) && isObject(detail.answer.json.data) ? detail.answer.json.data : undefined;
  if (detail.answer.status !== 200 || !profile)
    return fail(
      detailOperation,
      `${detailOperation.operationId} answered ${detail.answer.status} to the caller's token`,
      detail.request,
      detail.answer,
    );
  const userType = Number.isSafeInteger(profile.UserType) ? (profile.UserType as number) : 0;

  const all = contract.byId('getUserAllDevices');
  const allLevel = (all.spec as Record<string, unknown>)['x-required-level'];
  const devIds = new Set<number>();
  let listedBy: Operation;
  if (typeof allLevel === 'number' && userType >= allLevel) {
    listedBy = all;
    const sent = await send(all, all.path);
    if ('error' in sent) return fail(all, `${all.operationId}: ${sent.error}`, sent.request);
    const rows = judge(all, sent.request, sent.answer);
    if (!Array.isArray(rows)) return rows;
    rows.forEach((devId) => devIds.add(devId));
  } else {
    listedBy = contract.byId('getUserDevices');
    const limit = queryParameter(contract, listedBy, 'limit');
    const schema = isObject(limit?.schema) ? limit.schema : {};
    const pageSize = Number.isSafeInteger(schema.maximum) ? (schema.maximum as number) : 100;
    // Pages until a short one; bounded (a server that always answers a full page does not keep the run forever).
    for (let offset = 0, page = 0; page < 1000; page++) {
      const url = `${listedBy.path.replace('{offset}', String(offset))}${limit ? `?${String(limit.name)}=${pageSize}` : ''}`;
      const sent = await send(listedBy, url);
      if ('error' in sent) return fail(listedBy, `${listedBy.operationId}: ${sent.error}`, sent.request);
      const rows = judge(listedBy, sent.request, sent.answer);
      if (!Array.isArray(rows)) return rows;
      rows.forEach((devId) => devIds.add(devId));
      const count =
        isObject(sent.answer.json) && Array.isArray(sent.answer.json.data) ? sent.answer.json.data.length : 0;
      if (count < pageSize || count === 0) break;
      offset += count;
    }
  }
  const sorted = [...devIds].sort((a, b) => a - b);
  return {
    result: {
      ...base,
      operationId: listedBy.operationId,
      status: 'passed',
      message: `${sorted.length} panels (${listedBy.operationId}, user type ${userType})`,
      durationMs: Date.now() - started,
    },
    devIds: sorted,
    listedBy: listedBy.operationId,
  };
}
