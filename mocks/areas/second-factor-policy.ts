/**
 * The administrators' requirement of a second factor on the mock (proposed; root `x-second-factor`), kept in the one
 * second-factor store (mocks/second-factor-store.ts, reset with it):
 *  - `GET` / `PUT /settings/second-factor-policy` read and store it (administrators only: the access rules refuse the
 *    others with 403 from `x-required-level`);
 *  - the sign-in (`POST /logins`), the second factor's exchange (`POST /logins/second-factor`) and the renewal
 *    (`GET /changed-jwt`) answer a token with `second_factor_enrolment_required: true` while the policy is on and the
 *    account (a type of `x-second-factor.userTypes`) has no confirmed second factor, and without it otherwise; the
 *    access rules (mocks/access.ts) then refuse that session's calls not marked `x-allowed-before-second-factor`.
 * It comes after the second factor's area: a sign-in answered with a challenge carries no token to mark.
 */
import { signMockToken } from '../access.ts';
import type { MockArea } from '../area.ts';
import { defineArea } from '../define-area.ts';
import type { SecondFactorStore } from '../second-factor-store.ts';
import { claimsOf, withToken, type TokenAnswer } from '../session-tokens.ts';

export const SECOND_FACTOR_CLAIM = 'second_factor_enrolment_required';

export function secondFactorPolicyArea(store: SecondFactorStore): MockArea {
  /** The answer with its token re-signed with the claim as the policy and the account stand now. */
  const marked = <A extends TokenAnswer>(_request: unknown, answer: A): A => {
    const claims = claimsOf(answer);
    if (!claims) return answer;
    const { [SECOND_FACTOR_CLAIM]: had, ...rest } = claims;
    const must = store.mustEnrol(claims);
    if (must === (had === true)) return answer;
    return withToken(answer, signMockToken(must ? { ...rest, [SECOND_FACTOR_CLAIM]: true } : rest));
  };
  const policy = () => ({ data: { required: store.required } });

  return defineArea({
    operations: {
      getSecondFactorPolicy: { answer: policy },
      setSecondFactorPolicy: {
        answer(request) {
          store.required = request.body.required === true;
          return policy();
        },
      },
      // Every answer that opens or renews a session.
      login: { reshape: marked },
      completeSecondFactor: { reshape: marked },
      getChangedJwt: { reshape: marked },
    },
  });
}
