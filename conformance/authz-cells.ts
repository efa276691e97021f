/** The cells of the authorization matrix for one operation: no token, a broken token, the roles below its level, ownership. */
import type { Operation } from '../mocks/contract.ts';
import { accessRulesOf, type OwnershipRule } from '../mocks/access.ts';
import { WRITES_SKIPPED, isWrite, type CheckContext, type Identity } from './checks.ts';
import { type DirectAnswer } from './direct.ts';
import { needsToken, planRequest, type PlannedRequest } from './requests.ts';
import { ODD_FORMS, withOddValue } from './odd-ids.ts';
import { PURCHASE_OBJECTS } from './authz-purchases.ts';
import {
  brokenToken,
  controlOf,
  ruleLabel,
  substitute,
  valueFor,
  withToken,
  type Control,
  type Sender,
} from './authz-requests.ts';

/** Why the cells that need the matrix's accounts are skipped when none were given. */
export const NO_IDENTITIES =
  'needs the accounts of the matrix: --identities file.json, or --token-a and --token-b (see conformance/README.md)';
const NO_DEALER = 'needs the dealer\'s account: --token-dealer, or "dealer" in the identities file';

/** The level of each role the cells name (the matrix's A is an end user, its dealer a dealer). */
const END_USER = 0;
const DEALER = 1;

/** One cell of the matrix, before it is sent. */
export interface Cell {
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

/** The cells of one operation, in a fixed order: no token, broken token, the roles below its level, ownership. */
export function cellsOf(ctx: CheckContext, operation: Operation, send: Sender): Cell[] {
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
