/**
 * The administrators' requirement of a second factor on the mock (proposed; root `x-second-factor`), kept in the one
 * second-factor store (mocks/db/second-factor-store.ts, reset with it):
 *  - `GET` / `PUT /settings/second-factor-policy` read and store it (administrators only: the access rules refuse the
 *    others with 403 from `x-required-level`);
 *  - the sign-in (`POST /logins`), the second factor's exchange (`POST /logins/second-factor`) and the renewal
 *    (`GET /changed-jwt`) answer a token with `second_factor_enrolment_required: true` while the policy is on and the
 *    account (a type of `x-second-factor.userTypes`) has no confirmed second factor, and without it otherwise; the
 *    access rules (mocks/access.ts) then refuse that session's calls not marked `x-allowed-before-second-factor`.
 * It comes after the second factor's area: a sign-in answered with a challenge carries no token to mark.
 */
import { signMockToken } from '../access.ts';
import { json, type MockArea } from '../area.ts';
import type { SecondFactorStore } from '../db/second-factor-store.ts';

export const SECOND_FACTOR_CLAIM = 'second_factor_enrolment_required';

/** Where each answer that opens or renews a session carries its token. */
const TOKEN_AT: Record<string, 'data' | 'nested'> = {
  'post /logins': 'data',
  'post /logins/second-factor': 'data',
  'get /changed-jwt': 'nested',
};

type Body = { data?: { token?: unknown; data?: { token?: unknown } } };

const decode = (token: string): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

export function secondFactorPolicyArea(store: SecondFactorStore): MockArea {
  /** The token of `payload` re-signed with the claim as the policy and the account stand now. */
  const marked = (payload: Buffer, at: 'data' | 'nested'): Buffer => {
    let body: Body;
    try {
      body = JSON.parse(payload.toString('utf8')) as Body;
    } catch {
      return payload;
    }
    const holder = at === 'nested' ? body.data?.data : body.data;
    const claims = typeof holder?.token === 'string' ? decode(holder.token) : undefined;
    if (!holder || !claims) return payload;
    const { [SECOND_FACTOR_CLAIM]: had, ...rest } = claims;
    const must = store.mustEnrol(claims);
    if (must === (had === true)) return payload;
    holder.token = signMockToken(must ? { ...rest, [SECOND_FACTOR_CLAIM]: true } : rest);
    return json(body);
  };

  return {
    answer(key, request, payload) {
      if (key === 'put /settings/second-factor-policy') store.required = request.body.required === true;
      if (key === 'get /settings/second-factor-policy' || key === 'put /settings/second-factor-policy')
        return json({ data: { required: store.required } });
      return payload;
    },

    reshape(key, _request, payload) {
      const at = TOKEN_AT[key];
      return at ? marked(payload, at) : payload;
    },
  };
}
