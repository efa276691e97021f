/**
 * What a buyer sees of a subscription paying bought (mocks/db/subscription-credits.ts), after every other area made its
 * answer (it comes last): the sign-in's and the token refresh's token carry the new end (`SubExpireDate`, the same
 * session's claims otherwise), `GET /user-authority` answers the bought plan's authority (the access rules read the
 * same: `MockAccess.authority`), the own profile lists the subscription in `subscribes`, and the subscription history
 * has the credited period first.
 */
import { signMockToken, type MockAccess } from '../access.ts';
import { json, type MockArea } from '../area.ts';
import type { CreditedPeriod, SubscriptionCredits } from '../db/subscription-credits.ts';
import { idValue } from '../ids.ts';

type Json = Record<string, unknown>;

const parse = (payload: Buffer): Json | undefined => {
  try {
    const value = JSON.parse(payload.toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
};

const decode = (token: string): Json | undefined => {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Json;
  } catch {
    return undefined;
  }
};

const later = (a: string, b: unknown): boolean => typeof b !== 'string' || Date.parse(a) > Date.parse(b);

/** The token's holder (`data`, or `data.data` for the refresh) with the token re-signed to the credited end. */
function withCreditedEnd(payload: Buffer, nested: boolean, credits: SubscriptionCredits): Buffer {
  const body = parse(payload);
  const holder = (nested ? (body?.data as Json | undefined)?.data : body?.data) as Json | undefined;
  const claims = typeof holder?.token === 'string' ? decode(holder.token) : undefined;
  const period = typeof claims?.user_id === 'number' ? credits.latest(claims.user_id) : undefined;
  if (!holder || !claims || !period || !later(period.end_date, claims.SubExpireDate)) return payload;
  holder.token = signMockToken({ ...claims, SubExpireDate: period.end_date });
  return json(body);
}

/** A history row of a credited period (the contract's `SubscriptionPeriod`). */
const historyRow = (period: CreditedPeriod, subscriptionId: number) => ({
  id: 9_000_000 + period.order_id,
  subscription_id: subscriptionId,
  plan_id: period.plan_id,
  plan_title: period.plan_title,
  start_date: period.start_date,
  end_date: period.end_date,
  source: 'order',
  order_id: period.order_id,
  coupon_code: null,
});

/** The id the mock gives a subscription paying started (an account's own subscription keeps its id). */
const boughtSubscriptionId = (buyer: number): number => 8_000_000 + buyer;

export const boughtSubscriptionsArea = (credits: SubscriptionCredits, access: MockAccess): MockArea => ({
  reshape(key, { claims }, payload) {
    if (key === 'post /logins') return withCreditedEnd(payload, false, credits);
    if (key === 'get /changed-jwt') return withCreditedEnd(payload, true, credits);
    const caller = idValue(claims.user_id);
    const period = Number.isSafeInteger(caller) ? credits.latest(caller) : undefined;
    if (!period) return payload;
    const body = parse(payload);
    if (!body) return payload;
    if (key === 'get /user-authority') {
      return json({ ...body, data: { ...(body.data as Json), ...access.authority(claims as never) } });
    }
    if (key === 'get /user/getuserdetail') {
      const data = body.data as { subscribes?: { plan_id: number; end_date: string }[] } & Json;
      const kept = (data.subscribes ?? []).filter((entry) => entry.plan_id !== period.plan_id);
      const own = (data.subscribes ?? []).find((entry) => entry.plan_id === period.plan_id) as Json | undefined;
      const entry = {
        id: own?.id ?? boughtSubscriptionId(caller),
        plan_id: period.plan_id,
        plan_title: period.plan_title,
        end_date: period.end_date,
      };
      return json({ ...body, data: { ...data, subscribes: [entry, ...kept] } });
    }
    if (key === 'get /user/subscriptions' && Array.isArray(body.data)) {
      const rows = credits.history(caller).map((credited) => historyRow(credited, boughtSubscriptionId(caller)));
      return json({ ...body, data: [...rows, ...(body.data as unknown[])] });
    }
    return payload;
  },
});
