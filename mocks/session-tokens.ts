/**
 * The token an answer that opens or renews a session carries, for the areas that sign it again (mocks/areas/): the
 * sign-in's and the second factor's `data.token` (none for a second factor's challenge), the renewal's
 * `data.data.token`.
 */
import type { ChangedJwtResponse, LoginAnswer, LoginResult } from '../generated/api/types.gen.ts';
import { tokenClaims } from './area.ts';

/** An answer carrying a session's token: a sign-in's (with a challenge instead, for a second factor) or a renewal's. */
export type TokenAnswer = LoginAnswer | LoginResult | ChangedJwtResponse;

/** The token an answer carries, if any. */
export function tokenOf(answer: TokenAnswer): string | undefined {
  const holder = 'data' in answer.data ? answer.data.data : answer.data;
  return 'token' in holder && typeof holder.token === 'string' ? holder.token : undefined;
}

/** The claims of the token an answer carries (not checked: the mock signed it), if any. */
export function claimsOf(answer: TokenAnswer): Record<string, unknown> | undefined {
  const token = tokenOf(answer);
  const claims = token === undefined ? {} : tokenClaims(token);
  return Object.keys(claims).length ? claims : undefined;
}

/** The answer with its token replaced (where it carries one). */
export function withToken<A extends TokenAnswer>(answer: A, token: string): A {
  if ('data' in answer.data) return { ...answer, data: { ...answer.data, data: { ...answer.data.data, token } } };
  return { ...answer, data: { ...answer.data, token } };
}
