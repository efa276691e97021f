/**
 * What a buyer sees of a subscription paying bought (mocks/subscription-credits.ts), after every other area made its
 * answer (it comes last): the sign-in's and the token refresh's token carry the new end (`SubExpireDate`, the same
 * session's claims otherwise), `GET /user-authority` answers the bought plan's authority (the access rules read the
 * same: `MockAccess.authority`), the own profile lists the subscription in `subscribes`, and the subscription history
 * has the credited period first.
 */
import type { SubscriptionPeriod } from '@generated/api/types.gen.ts';
import { signMockToken, type MockAccess } from '../access.ts';
import type { AreaRequest, MockArea } from '../area.ts';
import { defineArea } from '../define-area.ts';
import { claimsOf, withToken, type TokenAnswer } from '../session-tokens.ts';
import type { CreditedPeriod, SubscriptionCredits } from '../subscription-credits.ts';

const later = (a: string, b: unknown): boolean => typeof b !== 'string' || Date.parse(a) > Date.parse(b);

/** A history row of a credited period (the contract's `SubscriptionPeriod`). */
const historyRow = (period: CreditedPeriod, subscriptionId: number): SubscriptionPeriod => ({
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

export const boughtSubscriptionsArea = (credits: SubscriptionCredits, access: MockAccess): MockArea => {
  /** The answer with its token re-signed to the credited end. */
  const withCreditedEnd = <A extends TokenAnswer>(_request: unknown, answer: A): A => {
    const claims = claimsOf(answer);
    const period = typeof claims?.user_id === 'number' ? credits.latest(claims.user_id) : undefined;
    if (!claims || !period || !later(period.end_date, claims.SubExpireDate)) return answer;
    return withToken(answer, signMockToken({ ...claims, SubExpireDate: period.end_date }));
  };
  /** The caller's latest credited period, if paying bought one. */
  const bought = ({ caller }: AreaRequest) => (caller ? credits.latest(caller.id) : undefined);

  return defineArea({
    operations: {
      login: { reshape: withCreditedEnd },
      getChangedJwt: { reshape: withCreditedEnd },
      getUserAuthority: {
        reshape: (request, answer) =>
          bought(request) && request.caller
            ? { ...answer, data: { ...answer.data, ...access.authority(request.caller.claims) } }
            : answer,
      },
      getUserDetail: {
        reshape(request, answer) {
          const period = bought(request);
          if (!period || !request.caller) return answer;
          const subscribes = answer.data.subscribes ?? [];
          const kept = subscribes.filter((entry) => entry.plan_id !== period.plan_id);
          const own = subscribes.find((entry) => entry.plan_id === period.plan_id);
          const entry = {
            id: own?.id ?? boughtSubscriptionId(request.caller.id),
            plan_id: period.plan_id,
            plan_title: period.plan_title,
            end_date: period.end_date,
          };
          return { ...answer, data: { ...answer.data, subscribes: [entry, ...kept] } };
        },
      },
      getSubscriptionHistory: {
        reshape(request, answer) {
          const period = bought(request);
          if (!period || !request.caller || !Array.isArray(answer.data)) return answer;
          const caller = request.caller.id;
          const rows = credits.history(caller).map((credited) => historyRow(credited, boughtSubscriptionId(caller)));
          return { ...answer, data: [...rows, ...answer.data] };
        },
      },
    },
  });
};
