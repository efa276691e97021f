/**
 * The re-authentication check's command-line options (reauth.ts): the account whose re-authentication the run locks,
 * and a stale token, each refused at once when it cannot serve.
 */
import type { ReauthAccount } from './checks.ts';
import { jwtClaims } from './session-tokens.ts';
import { UsageError } from './usage-error.ts';

export type { ReauthAccount };

/** `--reauth-account <user name>`, its password from `CONFORMANCE_REAUTH_PASSWORD` (never on a command line). */
export function reauthAccountOption(
  text: string | undefined,
  env: Record<string, string | undefined> = process.env,
): ReauthAccount | undefined {
  if (text === undefined) return undefined;
  if (!text.trim()) throw new UsageError('--reauth-account needs a user name');
  const password = env.CONFORMANCE_REAUTH_PASSWORD;
  if (!password) throw new UsageError('--reauth-account needs its password in CONFORMANCE_REAUTH_PASSWORD');
  return { username: text.trim(), password };
}

/** `--stale-token`: a JWT whose `auth_time` is older than the window and whose `exp` has not passed. */
export function staleTokenOption(text: string | undefined, minutes: number, now = Date.now()): string | undefined {
  if (text === undefined) return undefined;
  const claims = jwtClaims(text);
  if (!/^[\x21-\x7e]+$/.test(text) || !claims) throw new UsageError(`--stale-token must be a JWT, got "${text}"`);
  const { auth_time: authTime, exp } = claims;
  if (typeof exp === 'number' && exp * 1000 <= now) {
    throw new UsageError('--stale-token has expired: give one whose exp has not passed (renew it with /changed-jwt)');
  }
  if (typeof authTime === 'number' && now - authTime * 1000 <= minutes * 60_000) {
    throw new UsageError(`--stale-token authenticated less than ${minutes} minutes ago: it is not stale yet`);
  }
  return text;
}
