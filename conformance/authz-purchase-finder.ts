/**
 * The purchases the authorization matrix's purchase cells send (authz-purchases.ts), found in the lists before the
 * cells run: each actor's own one, and one outside its reach.
 */
import { accessRulesOf } from '../mocks/access.ts';
import type { Operation } from '../mocks/contract.ts';
import { actorsOf, at, inReach, listReachOf, listRequest, type Purchases, type Sender } from './authz-purchases.ts';
import type { CheckContext } from './checks.ts';
import { isObject } from './requests.ts';

async function rowsOf(ctx: CheckContext, operation: Operation, token: string, send: Sender): Promise<unknown[]> {
  const request = listRequest(ctx, operation, token);
  if (!request) return [];
  try {
    const answer = await send(request);
    return answer.status === 200 && isObject(answer.json) && Array.isArray(answer.json.data) ? answer.json.data : [];
  } catch {
    return [];
  }
}

/**
 * For each kind of purchase with a list, each actor's own purchase (its own list) and one outside its reach (B's
 * first, else another buyer's; from the run's token's list, an administrator's).
 */
export async function findPurchases(ctx: CheckContext, send: Sender): Promise<Purchases> {
  const found: Purchases = { own: {}, other: {} };
  const b = ctx.identities?.b;
  for (const operation of ctx.contract.operations) {
    const reach = listReachOf(operation);
    if (!reach || found.own[reach.object]) continue;
    const own: Purchases['own'][string] = (found.own[reach.object] = {});
    const other: Purchases['other'][string] = (found.other[reach.object] = {});
    const all = await rowsOf(ctx, operation, ctx.token, send);
    for (const { label, identity } of actorsOf(ctx)) {
      if (identity.email === undefined) continue;
      const level = accessRulesOf(operation).level ?? 0;
      const mine = identity.userType >= level ? await rowsOf(ctx, operation, identity.token, send) : [];
      const ownRow = mine.find((row) => at(row, reach.ownerEmail) === identity.email);
      if (isObject(ownRow) && Number.isSafeInteger(ownRow.id)) own[label] = ownRow.id as number;
      const outside = all.filter(
        (row) => isObject(row) && Number.isSafeInteger(row.id) && !inReach(reach, identity, row),
      );
      const pick = outside.find((row) => b?.email !== undefined && at(row, reach.ownerEmail) === b.email) ?? outside[0];
      if (isObject(pick)) other[label] = pick.id as number;
    }
  }
  return found;
}
