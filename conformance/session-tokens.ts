/**
 * The tokens the session checks take from the person running them (a checker cannot sign a token for a real server):
 * `--expired-token` (a token of the server whose `exp` has passed), `--sign-out-token` and `--revoked-token`.
 */
import { UsageError } from './usage-error.ts';

/** The claims of a JWT, or undefined when it is not one. */
export function jwtClaims(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A token given on the command line: one JWT without spaces. */
export function tokenOption(flag: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (!/^[\x21-\x7e]+$/.test(text) || !jwtClaims(text)) throw new UsageError(`--${flag} must be a JWT, got "${text}"`);
  return text;
}

/** `--expired-token`: a JWT whose `exp` has passed (otherwise the check would prove nothing). */
export function expiredTokenOption(text: string | undefined, now = Date.now()): string | undefined {
  const token = tokenOption('expired-token', text);
  if (token === undefined) return undefined;
  const exp = jwtClaims(token)?.exp;
  if (typeof exp !== 'number')
    throw new UsageError('--expired-token has no exp claim: give a token of the server that has expired');
  if (exp * 1000 > now) {
    throw new UsageError(
      `--expired-token has not expired yet (exp ${new Date(exp * 1000).toISOString()}): give one whose exp has passed`,
    );
  }
  return token;
}
