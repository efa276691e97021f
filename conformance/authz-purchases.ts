/**
 * The authorization matrix's cells for purchases: orders and coupon requests belong to their buyer (`x-ownership`
 * objects `order` and `coupon_request`, `x-list-reach` on their lists; openapi/README.md "What the backend must
 * enforce").
 *  - A rule naming a purchase is sent by the first of the matrix's accounts whose level reaches the operation but
 *    whose role does not widen the rule (A, else the dealer: the codes of a coupon request are level 1), on a purchase
 *    outside its reach (B's if B has one, else another buyer's, found in the lists the run's administrator token
 *    reads) → 403 or 404, plain and in every odd form (odd-ids.ts) → 400, 403 or 404; for a read, its own purchase
 *    first as the control.
 *  - A list with `x-list-reach` is read with the token of each account its level reaches: every row's buyer (its
 *    `ownerEmail`) must be the account itself, or, where the reach widens to the account's role, one of its users
 *    (the row's `ownerDealercode` is the dealer's code).
 */
import type { Operation } from '../mocks/contract.ts';
import { accessRulesOf } from '../mocks/access.ts';
import { DEADLINE_SKIPPED, WRITES_SKIPPED, isWrite, type CheckContext, type Identity } from './checks.ts';
import { noAnswer, type DirectAnswer } from './direct.ts';
import { ODD_FORMS, withOddValue, type OddForm } from './odd-ids.ts';
import { isObject, planRequest, type PlannedRequest } from './requests.ts';

export const PURCHASE_OBJECTS: readonly string[] = ['order', 'coupon_request'];

const NAMES: Record<string, string> = { order: 'order', coupon_request: 'coupon request' };

export type Sender = (request: PlannedRequest) => Promise<DirectAnswer>;

interface ListReach {
  object: string;
  relaxedFrom: number;
  ownerEmail: string;
  ownerDealercode?: string;
}

interface Actor {
  label: 'A' | 'dealer';
  identity: Identity;
}

/** What was found of each kind of purchase, by actor: its own one and one outside its reach. */
export interface Purchases {
  own: Record<string, Partial<Record<Actor['label'], number>>>;
  other: Record<string, Partial<Record<Actor['label'], number>>>;
}

/** A cell as the matrix judges it (authz.ts), without its operation. */
export interface PurchaseCell {
  name: string;
  skip?: string;
  request?: () => PlannedRequest;
  expected: number[];
  what: string;
  control?: () => Promise<
    | { kind: 'ok'; status: number }
    | { kind: 'refused'; status: number; request: PlannedRequest; answer: DirectAnswer }
    | { kind: 'none'; reason: string; request: PlannedRequest }
  >;
  object?: string;
  actor?: string;
  judgeAnswer?: (answer: DirectAnswer) => string | undefined;
}

export const listReachOf = (operation: Operation): ListReach | undefined => {
  const reach = (operation.spec as Record<string, unknown>)['x-list-reach'];
  return isObject(reach) ? (reach as unknown as ListReach) : undefined;
};

/** The value at a JSON pointer (`/user_info/email`) of a row. */
export const at = (row: unknown, pointer: string | undefined): unknown =>
  pointer === undefined
    ? undefined
    : pointer
        .split('/')
        .slice(1)
        .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), row);

export const actorsOf = (ctx: CheckContext): Actor[] => [
  ...(ctx.identities ? [{ label: 'A' as const, identity: ctx.identities.a }] : []),
  ...(ctx.identities?.dealer ? [{ label: 'dealer' as const, identity: ctx.identities.dealer }] : []),
];

/** The planned request of a list with another token, its first 100 rows asked for. */
export function listRequest(ctx: CheckContext, operation: Operation, token: string): PlannedRequest | undefined {
  const plan = planRequest(ctx.contract, operation, token);
  if (plan.kind === 'skip') return undefined;
  const url = new URL(plan.request.url, 'http://target');
  url.searchParams.set('limit', '100');
  url.searchParams.set('offset', '0');
  return { ...plan.request, url: `${url.pathname}${url.search}` };
}

/** Whether a listed purchase is within an actor's reach as its list states it. */
export const inReach = (reach: ListReach, actor: Identity, row: unknown): boolean => {
  if (actor.email !== undefined && String(at(row, reach.ownerEmail)).toLowerCase() === actor.email.toLowerCase())
    return true;
  if (actor.userType >= 2) return true;
  return (
    actor.userType >= reach.relaxedFrom &&
    Boolean(actor.dealerCode) &&
    reach.ownerDealercode !== undefined &&
    at(row, reach.ownerDealercode) === actor.dealerCode
  );
};

const PLAIN: OddForm = { label: '<id>', wire: (id) => id };

/** The cells of one operation: its purchase rules, sent by their actor, and its list's reach. */
export function purchaseCells(
  ctx: CheckContext,
  operation: Operation,
  purchases: Purchases | undefined,
  send: Sender,
): PurchaseCell[] {
  const rules = accessRulesOf(operation);
  const level = rules.level ?? 0;
  const id = operation.operationId;
  const plan = planRequest(ctx.contract, operation, ctx.token);
  const baseSkip =
    plan.kind === 'skip' ? plan.reason : isWrite(operation) && !ctx.allowWrites ? WRITES_SKIPPED : undefined;
  const cells: PurchaseCell[] = [];
  for (const rule of rules.ownership.filter((entry) => PURCHASE_OBJECTS.includes(entry.object))) {
    if (rule.in === 'body') continue;
    const actor = actorsOf(ctx).find(
      ({ identity }) => identity.userType >= level && identity.userType < rule.relaxedFrom,
    );
    if (!actor || plan.kind === 'skip') continue;
    const name = NAMES[rule.object] ?? rule.object;
    const other = purchases?.other[rule.object]?.[actor.label];
    const own = purchases?.own[rule.object]?.[actor.label];
    const skip =
      baseSkip ??
      (other === undefined && ctx.deadline.aborted
        ? DEADLINE_SKIPPED
        : other === undefined
          ? `no ${name} outside the reach of ${actor.label} in the lists of the run's token (give the run an administrator's token)`
          : undefined);
    const sent = (value: number, form: OddForm): PlannedRequest => {
      const request = {
        ...plan.request,
        headers: { ...plan.request.headers, authorization: `Bearer ${actor.identity.token}` },
      };
      return withOddValue(operation, request, rule, value, form);
    };
    let controlled: ReturnType<NonNullable<PurchaseCell['control']>> | undefined;
    const control =
      own === undefined || isWrite(operation)
        ? undefined
        : () =>
            (controlled ??= (async () => {
              const request = sent(own, PLAIN);
              try {
                const answer = await send(request);
                return [401, 403, 404].includes(answer.status)
                  ? { kind: 'refused' as const, status: answer.status, request, answer }
                  : { kind: 'ok' as const, status: answer.status };
              } catch (error) {
                return { kind: 'none' as const, reason: noAnswer(error, ctx.timeoutMs), request };
              }
            })());
    const label = `${rule.in} ${rule.name}`;
    for (const form of [PLAIN, ...ODD_FORMS]) {
      const plain = form === PLAIN;
      cells.push({
        name: `${id}: ${actor.label} on another's ${name} (${label})${plain ? '' : ` as ${form.label}`}`,
        what: `with the token of ${actor.label} on another buyer's ${name} ${plain ? (other ?? '') : `written ${form.label}`}`.trimEnd(),
        expected: plain ? [403, 404] : [400, 403, 404],
        ...(skip ? { skip } : { request: () => sent(other!, form) }),
        ...(control ? { control, object: name, actor: actor.label } : {}),
      });
    }
  }
  const reach = listReachOf(operation);
  if (!reach || baseSkip) return cells;
  for (const { label, identity } of actorsOf(ctx)) {
    if (identity.userType < level) continue;
    const name = NAMES[reach.object] ?? reach.object;
    const request = listRequest(ctx, operation, identity.token);
    cells.push({
      name: `${id}: ${label} lists only the ${name}s within its reach`,
      what: `with the token of ${label}`,
      expected: [200],
      ...(identity.email === undefined
        ? { skip: `the e-mail address of ${label} is unknown (give "email" in the identities file)` }
        : request
          ? { request: () => request }
          : { skip: 'the list has no planned request' }),
      judgeAnswer: (answer) => {
        const rows = isObject(answer.json) && Array.isArray(answer.json.data) ? answer.json.data : [];
        const outside = rows.filter((row) => !inReach(reach, identity, row));
        if (outside.length === 0) return undefined;
        const first = outside[0];
        return `listed ${outside.length} ${name}(s) outside the reach of ${label}, e.g. ${String(isObject(first) ? first.id : '?')} of ${String(at(first, reach.ownerEmail))}`;
      },
    });
  }
  return cells;
}
