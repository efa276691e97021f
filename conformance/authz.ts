/**
 * The authorization matrix: who may call what, read from the contract's own declarations of
 * each operation (`security`, `x-required-level`, `x-ownership`; openapi/README.md "What the backend must
 * enforce"), each cell sent straight to the server under test (Prism's proxy would refuse a missing token itself):
 *  - every secured operation without a token, and with a broken one (a token whose signature was altered), → 401;
 *  - with the token of a role below the operation's level (end user A below 1, the dealer below 2) → 403;
 *  - with A's token on B's panel or user (B's value put where the rule names it: path, query or body) → 403 or 404,
 *    for every `x-ownership` rule of an operation A's level reaches and whose reach A's role does not widen; for an
 *    operation that reads (GET), A on A's own panel or user first, as the control: refused too, the cross-user cell
 *    proves nothing and fails saying so.
 * Every refusal's answer is also judged by the contract's response schemas. Operations that change state are sent
 * only with `--allow-writes` (a server that does not enforce a rule might act on the request).
 */
import type { Operation } from '../mocks/contract.ts';
import { accessRulesOf, type OwnershipRule } from '../mocks/access.ts';
import {
  DEADLINE_SKIPPED,
  WRITES_SKIPPED,
  exchangeOf,
  isWrite,
  noAnswer,
  operationFields,
  pool,
  sendDirect,
  type CheckContext,
  type CheckResult,
  type DirectAnswer,
  type Identities,
  type Identity,
} from './checks.ts';
import { isObject, needsToken, planRequest, type PlannedRequest } from './requests.ts';
import { ODD_FORMS, withOddValue } from './odd-ids.ts';
import { findPurchases, purchaseCells, PURCHASE_OBJECTS } from './authz-purchases.ts';
import { runFileAccess } from './file-access.ts';

/** Why the cells that need the matrix's accounts are skipped when none were given. */
export const NO_IDENTITIES =
  'needs the accounts of the matrix: --identities file.json, or --token-a and --token-b (see conformance/README.md)';
const NO_DEALER = 'needs the dealer\'s account: --token-dealer, or "dealer" in the identities file';

/** The level of each role the cells name (the matrix's A is an end user, its dealer a dealer). */
const END_USER = 0;
const DEALER = 1;

/**
 * A token whose signature no longer matches: the first character of a JWT's signature part (it carries six whole
 * bits, unlike the last one, which a lenient base64 decoder may read the same), else of the token's second half.
 */
export function brokenToken(token: string): string {
  const parts = token.split('.');
  const at = parts.length === 3 && parts[2] ? token.length - parts[2].length : Math.floor(token.length / 2);
  const old = token[at] ?? '';
  const changed = old === 'A' ? 'B' : 'A';
  return `${token.slice(0, at)}${changed}${token.slice(at + 1)}`;
}

/** The request with another bearer token, or none. */
const withToken = (request: PlannedRequest, token: string | undefined): PlannedRequest => {
  const headers = { ...request.headers };
  delete headers.authorization;
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  return { ...request, headers };
};

/** What an ownership rule's value is called in a cell's name: `panel (path id)`, `user (body user_id)`. */
const ruleLabel = (rule: OwnershipRule): string =>
  `${rule.object} (${rule.in} ${rule.name}${rule.object === 'panel' && rule.key === 'id' ? ', record id' : ''})`;

/** An account's value for a rule: its panel's dev_id or record id, or its user id; undefined when it has no panel. */
const valueFor = (identity: Identity, rule: OwnershipRule): number | undefined => {
  if (rule.object === 'user') return identity.userId;
  if (rule.object === 'queued_write') return identity.queuedWrite;
  if (!identity.panel) return undefined;
  return rule.key === 'id' ? identity.panel.id : identity.panel.dev_id;
};

/** The value as the example had it: digits stay a string, a number a number. */
const like = (example: unknown, value: number): string | number =>
  typeof example === 'string' ? String(value) : value;

/**
 * The planned (valid) request with `value` where the rule names it. A path value also replaces a top-level body
 * property of the same name that repeated the old one (`updateZone` names its panel in both), so the request stays
 * consistent and only its reach changes.
 */
export function substitute(
  operation: Operation,
  request: PlannedRequest,
  rule: Pick<OwnershipRule, 'in' | 'name'>,
  value: number,
): PlannedRequest {
  const url = new URL(request.url, 'http://target');
  let body = request.body;
  const json = typeof body === 'string' && /json/.test(request.contentType ?? '') ? safeParse(body) : undefined;
  if (rule.in === 'path') {
    const template = operation.path.split('/');
    const segments = url.pathname.split('/');
    const index = template.indexOf(`{${rule.name}}`);
    if (index >= 0 && segments.length === template.length) {
      const old = decodeURIComponent(segments[index]!);
      segments[index] = encodeURIComponent(String(value));
      url.pathname = segments.join('/');
      if (isObject(json) && json[rule.name] !== undefined && String(json[rule.name]) === old) {
        json[rule.name] = like(json[rule.name], value);
        body = JSON.stringify(json);
      }
    }
  } else if (rule.in === 'query') {
    url.searchParams.set(rule.name, String(value));
  } else if (isObject(json)) {
    json[rule.name] = like(json[rule.name], value);
    body = JSON.stringify(json);
  } else if (body instanceof FormData) {
    body.set(rule.name, String(value));
  }
  return { ...request, url: `${url.pathname}${url.search}`, ...(body !== undefined ? { body } : {}) };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** One cell of the matrix, before it is sent. */
interface Cell {
  operation: Operation;
  name: string;
  /** Why it is not sent (skipped), if so. */
  skip?: string;
  /** The request to send (absent when skipped). */
  request?: () => PlannedRequest;
  /** The statuses that are a correct refusal. */
  expected: number[];
  /** What the cell tries, for the failure message ("without a token"). */
  what: string;
  /** The control the cell depends on (A on A's own panel or user), when there is one. */
  control?: () => Promise<Control>;
  /** What the control names, for its message. */
  object?: string;
  /** Who sends the cell and its control, for their messages (A unless said). */
  actor?: string;
  /** For a cell that expects success: what is wrong with the answer, if anything (a row out of reach). */
  judgeAnswer?: (answer: DirectAnswer) => string | undefined;
}

type Control =
  | { kind: 'ok'; status: number }
  | { kind: 'refused'; status: number; request: PlannedRequest; answer: DirectAnswer }
  | { kind: 'none'; reason: string; request: PlannedRequest };

const expectedText = (expected: number[]): string => expected.join(' or ');

/** The operations of the run, in the contract's order (`only`: those named). */
const operationsOf = (ctx: CheckContext): Operation[] =>
  ctx.only && ctx.only.length > 0
    ? ctx.contract.operations.filter((op) => ctx.only!.includes(op.operationId))
    : ctx.contract.operations;

/** The cells of one operation, in a fixed order: no token, broken token, the roles below its level, ownership. */
function cellsOf(ctx: CheckContext, operation: Operation, send: Sender): Cell[] {
  if (!needsToken(ctx.contract, operation)) return [];
  const rules = accessRulesOf(operation);
  const id = operation.operationId;
  const plan = () => planRequest(ctx.contract, operation, ctx.token);
  const first = plan();
  const planSkip = first.kind === 'skip' ? first.reason : undefined;
  const writeSkip = isWrite(operation) && !ctx.allowWrites ? WRITES_SKIPPED : undefined;
  const planned = (): PlannedRequest => {
    const again = plan();
    if (again.kind === 'skip') throw new Error(again.reason);
    return again.request;
  };
  const ids = ctx.identities;
  const cells: Cell[] = [];
  const cell = (fields: Omit<Cell, 'operation' | 'skip'>, needs?: string): void => {
    const skip = planSkip ?? writeSkip ?? needs;
    cells.push({ operation, ...fields, ...(skip ? { skip } : {}) });
  };

  cell({
    name: `${id}: no token`,
    what: 'without a token',
    expected: [401],
    request: () => withToken(planned(), undefined),
  });
  // The broken token is A's; without the accounts, the run's own token broken the same way.
  const brokenFrom = ids?.a.token ?? ctx.token;
  cell({
    name: `${id}: broken token`,
    what: `with ${ids ? "A's" : "the run's"} token, its signature altered`,
    expected: [401],
    request: () => withToken(planned(), brokenToken(brokenFrom)),
  });

  const level = rules.level ?? 0;
  const roles: { label: string; type: number; identity?: Identity; missing?: string }[] = [
    { label: 'A', type: ids?.a.userType ?? END_USER, identity: ids?.a, missing: NO_IDENTITIES },
    {
      label: 'dealer',
      type: ids?.dealer?.userType ?? DEALER,
      identity: ids?.dealer,
      missing: ids ? NO_DEALER : NO_IDENTITIES,
    },
  ];
  for (const role of roles) {
    if (role.type >= level) continue;
    cell(
      {
        name: `${id}: role ${role.label} (${role.type}) below level ${level}`,
        what: `with the token of ${role.label} (user type ${role.type}) below level ${level}`,
        expected: [403],
        request: () => withToken(planned(), role.identity!.token),
      },
      role.identity ? undefined : role.missing,
    );
  }

  const aType = ids?.a.userType ?? END_USER;
  if (aType < level) return cells; // A's role cell covers the operation
  // The purchases' rules have their own cells (authz-purchases.ts): the dealer is their actor.
  const ownership = rules.ownership.filter(
    (rule) => rule.relaxedFrom > aType && !PURCHASE_OBJECTS.includes(rule.object),
  );
  if (ownership.length === 0) return cells;
  const control =
    isWrite(operation) || !ids ? undefined : controlOf(ctx, operation, ids, rules.ownership, planned, send);
  for (const rule of ownership) {
    const label = ruleLabel(rule);
    let needs: string | undefined = ids ? undefined : NO_IDENTITIES;
    if (ids) {
      const lacks = (who: 'A' | 'B', entry: OwnershipRule) =>
        entry.object === 'queued_write'
          ? `${who} has no queued write (give "${who.toLowerCase()}.queued_write")`
          : `${who} has no panel (give "${who.toLowerCase()}.panel")`;
      const missing = [
        valueFor(ids.b, rule) === undefined ? lacks('B', rule) : undefined,
        ...rules.ownership
          .filter((other) => other !== rule || control)
          .map((other) => (valueFor(ids.a, other) === undefined ? lacks('A', other) : undefined)),
      ].filter((reason): reason is string => reason !== undefined);
      if (missing.length) needs = [...new Set(missing)].join('; ');
    }
    const bValue = ids ? valueFor(ids.b, rule) : undefined;
    // B's value where the rule names it; A's own where the operation's other rules name a panel or user.
    const crossUser = (): PlannedRequest => {
      let request = withToken(planned(), ids!.a.token);
      for (const other of rules.ownership) {
        if (other !== rule) request = substitute(operation, request, other, valueFor(ids!.a, other)!);
      }
      return substitute(operation, request, rule, bValue!);
    };
    cell(
      {
        name: `${id}: A on B's ${label}`,
        what: `with A's token on B's ${rule.object} ${bValue ?? ''}`.trimEnd(),
        expected: [403, 404],
        request: crossUser,
        ...(control ? { control, object: rule.object } : {}),
      },
      needs,
    );
    // The same value written in odd forms: a lenient parser reads it as B's id and may skip the check on it.
    if (rule.in === 'body') continue;
    for (const form of ODD_FORMS) {
      cell(
        {
          name: `${id}: A on B's ${label} as ${form.label}`,
          what: `with A's token on B's ${rule.object} written ${form.label}`,
          expected: [400, 403, 404],
          request: () => withOddValue(operation, crossUser(), rule, bValue!, form),
          ...(control ? { control, object: rule.object } : {}),
        },
        needs,
      );
    }
  }
  return cells;
}

type Sender = (request: PlannedRequest) => Promise<DirectAnswer>;

/** The control of an operation that reads: A on A's own panels and users, sent once, shared by its cells. */
function controlOf(
  ctx: CheckContext,
  operation: Operation,
  ids: Identities,
  rules: OwnershipRule[],
  planned: () => PlannedRequest,
  send: Sender,
): () => Promise<Control> {
  let promise: Promise<Control> | undefined;
  return () => {
    promise ??= (async (): Promise<Control> => {
      let request = withToken(planned(), ids.a.token);
      for (const rule of rules) {
        const value = valueFor(ids.a, rule);
        if (value === undefined) return { kind: 'none', reason: 'A has no panel (give "a.panel")', request };
        request = substitute(operation, request, rule, value);
      }
      try {
        const answer = await send(request);
        return [401, 403, 404].includes(answer.status)
          ? { kind: 'refused', status: answer.status, request, answer }
          : { kind: 'ok', status: answer.status };
      } catch (error) {
        return { kind: 'none', reason: noAnswer(error, ctx.timeoutMs), request };
      }
    })();
    return promise;
  };
}

/** Sends one cell and judges the answer. */
async function judge(ctx: CheckContext, cell: Cell, send: Sender): Promise<CheckResult> {
  const fields = { kind: 'authz' as const, ...operationFields(cell.operation), name: cell.name };
  if (cell.skip) return { ...fields, status: 'skipped', message: cell.skip, durationMs: 0 };
  if (ctx.deadline.aborted) return { ...fields, status: 'skipped', message: DEADLINE_SKIPPED, durationMs: 0 };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const details: string[] = [];
  if (cell.control) {
    const control = await cell.control();
    const own = cell.operation.operationId;
    const actor = cell.actor ?? 'A';
    if (control.kind === 'none') {
      return {
        ...fields,
        status: 'failed',
        message: `the control (${actor} on ${actor}'s own ${cell.object ?? 'panel'}) got no answer: ${control.reason}; the cross-user cell cannot be judged`,
        exchange: exchangeOf(control.request),
        durationMs: elapsed(),
      };
    }
    if (control.kind === 'refused') {
      return {
        ...fields,
        status: 'failed',
        message: `${actor}'s own ${cell.object ?? 'panel'} is refused too (${control.status}): the cross-user cell cannot be judged`,
        details: [
          `the control: ${own} with ${actor}'s token on ${actor}'s own ${cell.object ?? 'panel'} answered ${control.status}`,
        ],
        exchange: exchangeOf(control.request, control.answer),
        durationMs: elapsed(),
      };
    }
    details.push(`the control (${actor} on ${actor}'s own ${cell.object ?? 'panel'}) answered ${control.status}`);
  }
  if (ctx.deadline.aborted) return { ...fields, status: 'skipped', message: DEADLINE_SKIPPED, durationMs: 0 };
  let request: PlannedRequest;
  try {
    request = cell.request!();
  } catch (error) {
    return { ...fields, status: 'skipped', message: (error as Error).message, durationMs: 0 };
  }
  let answer: DirectAnswer;
  try {
    answer = await send(request);
  } catch (error) {
    if (ctx.deadline.aborted) return { ...fields, status: 'skipped', message: DEADLINE_SKIPPED, durationMs: elapsed() };
    return {
      ...fields,
      status: 'failed',
      message: `expected ${expectedText(cell.expected)} ${cell.what}: ${noAnswer(error, ctx.timeoutMs)}`,
      exchange: exchangeOf(request),
      durationMs: elapsed(),
    };
  }
  const exchange = exchangeOf(request, answer);
  if (!cell.expected.includes(answer.status)) {
    return {
      ...fields,
      status: 'failed',
      message: `expected ${expectedText(cell.expected)} ${cell.what}, answered ${answer.status}`,
      ...(details.length ? { details } : {}),
      exchange,
      durationMs: elapsed(),
    };
  }
  const wrong = cell.judgeAnswer?.(answer);
  if (wrong) {
    return {
      ...fields,
      status: 'failed',
      message: wrong,
      ...(details.length ? { details } : {}),
      exchange,
      durationMs: elapsed(),
    };
  }
  const violations = ctx.responses.check(cell.operation, answer);
  if (violations.length > 0) {
    return {
      ...fields,
      status: 'failed',
      message: `the ${answer.status} refusal ${cell.what} breaks the contract: ${violations[0]!.message}`,
      details: [...violations.map((v) => `${v.location}: ${v.message}`), ...details],
      exchange,
      durationMs: elapsed(),
    };
  }
  return { ...fields, status: 'passed', durationMs: elapsed() };
}

/** The authorization matrix of the contract against `ctx.target`: one result per cell, in the contract's order. */
export async function runAuthz(ctx: CheckContext): Promise<CheckResult[]> {
  const send: Sender = (request) => sendDirect(ctx.target, request, { timeoutMs: ctx.timeoutMs, signal: ctx.deadline });
  const purchases = ctx.identities ? await findPurchases(ctx, send) : undefined;
  const cells = operationsOf(ctx).flatMap((operation) => [
    ...cellsOf(ctx, operation, send),
    ...purchaseCells(ctx, operation, purchases, send).map((found) => ({ operation, ...found })),
  ]);
  const sent = cells.filter((cell) => !cell.skip).length;
  ctx.log(`authorization matrix: ${cells.length} cells (${sent} to send, ${ctx.concurrency} at a time)`);
  const judged = await pool(cells, ctx.concurrency, (cell) => judge(ctx, cell, send));
  return [...judged, ...(await runFileAccess(ctx))];
}
