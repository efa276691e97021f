/**
 * The signed-in session: the access token (kept by token-store.ts: in memory, never in localStorage; shared between
 * the console's tabs by session-channel.ts) and the claims the console reads from it. Nothing else of the session is
 * kept: no refresh token (the console renews the access token itself with `GET /changed-jwt`, from the token or the
 * `HttpOnly` refresh cookie), and panel passwords only in memory (panel-logins.ts).
 */
import type { TokenClaims as ContractTokenClaims, UserType } from '@generated/api/types.gen.ts';
import { forgetPanelLogins } from './panel-logins.ts';
import { readToken, writeToken } from './token-store.ts';

/** The claims the console reads from the access token: the contract's `TokenClaims`, without the expiry. */
export type TokenClaims = Omit<ContractTokenClaims, 'exp'>;

export const getAccessToken = (): string | null => readToken();

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Tells `listener` whenever the session changes: sign-in, token refresh, sign-out, 401, and a token another tab
 * shared (session-channel.ts).
 */
export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const storeAccessToken = (token: string): void => {
  writeToken(token);
  changed();
};

/**
 * Ends the session in this tab: the access token is dropped and every panel login forgotten. With `onlyToken`
 * the token is dropped only while it is still that one, so that a tab ending the session another tab already ended
 * never drops a newer sign-in it was handed meanwhile.
 */
export const clearSession = (onlyToken?: string): void => {
  if (onlyToken === undefined || getAccessToken() === onlyToken) writeToken(null);
  forgetPanelLogins();
  changed();
};

/** The JSON payload of a JWT (UTF-8, base64url), or null when it is not one. The server checks signatures. */
function tokenPayload(token: string | null): Record<string, unknown> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads the claims of a JWT (the server checks the signature; the console only reads). */
export function decodeClaims(token: string | null): TokenClaims | null {
  const claims = tokenPayload(token);
  if (!claims || typeof claims.Username !== 'string' || !Number.isInteger(claims.UserType)) return null;
  return {
    Username: claims.Username,
    SubExpireDate: String(claims.SubExpireDate ?? ''),
    // The server signs the token; its user type is read as the contract names it.
    UserType: claims.UserType as UserType,
    user_id: Number(claims.user_id ?? 0),
    OldUserId: Number(claims.OldUserId ?? 0),
    // A sign-in with a one-time password: only the password change until a new sign-in.
    ...(claims.password_change_required === true && { password_change_required: true }),
    // An administrator requires a second factor this account lacks: only its enrolment until a renewal.
    ...(claims.second_factor_enrolment_required === true && { second_factor_enrolment_required: true }),
  };
}

export const currentClaims = (): TokenClaims | null => decodeClaims(getAccessToken());

/** When the token expires (its `exp` claim, in ms since the epoch), or null when it carries no expiry. */
export function tokenExpiry(token: string | null): number | null {
  const exp = tokenPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** A subscription whose expiry year is before 2000 means no subscription was ever bought (rules/subscription.ts). */
export { hasSubscription } from '../../../rules/subscription.ts';
