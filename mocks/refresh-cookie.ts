/**
 * The refresh cookie of the contract's proposal (openapi/README.md "Sessions", root `x-session.refreshCookie`): the
 * sign-in (or the second factor's exchange that completes it) and every renewal set an `HttpOnly; Secure; SameSite=Strict; Path=/` cookie with the `__Host-` name the
 * contract gives, holding an opaque value (never the access token) that names the session. It is a session cookie
 * (no `Max-Age`, no `Expires`): a closed browser drops it; the session itself ends `x-session.sessionHours` after its
 * sign-in however often it is renewed (mocks/db/sessions.ts). `GET /changed-jwt` without a bearer token renews from it,
 * `POST /logout` without one signs out with it, and the sign-out clears it (`Max-Age=0`).
 *
 * Two modes (`MOCK_SESSION`, default `cookie`): `cookie` sets and reads the cookie (a bearer token is still accepted
 * everywhere, as a backend serving older consoles would); `bearer` is a backend that keeps bearer-only sign-in: no
 * cookie is ever set, and one sent is ignored.
 */
import { randomBytes } from 'node:crypto';
import { signMockToken } from './tokens.ts';
import type { SessionPolicy } from './db/sessions.ts';

export type SessionMode = 'cookie' | 'bearer';

/** The attributes the contract asks for; no `Max-Age`/`Expires`: a session cookie, gone with the browser. */
export const COOKIE_ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=Strict';

/** The mock's session mode from its environment (`MOCK_SESSION`); anything but the two names is refused. */
export function sessionModeOf(value: string | undefined = process.env.MOCK_SESSION): SessionMode {
  if (value === undefined || value === '' || value === 'cookie') return 'cookie';
  if (value === 'bearer') return 'bearer';
  throw new Error(`MOCK_SESSION must be "cookie" or "bearer", not "${value}"`);
}

/** The cookie's name: the contract's root `x-session.refreshCookie`, which must start with `__Host-`. */
export function refreshCookieName(contract: { [key: string]: unknown }): string {
  const session = contract['x-session'] as { refreshCookie?: unknown } | undefined;
  const name = session?.refreshCookie;
  if (typeof name !== 'string' || !/^__Host-[A-Za-z0-9_-]+$/.test(name)) {
    throw new Error("the contract's root x-session.refreshCookie must be a cookie name starting with __Host-");
  }
  return name;
}

/** The value of cookie `name` in a `Cookie` header, if any. */
export function cookieValue(header: string | string[] | undefined, name: string): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const pair of text.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** The claims a session's renewal needs (a token's, as the session store reads them). */
type SessionClaims = Record<string, unknown> & { user_id: number; sid: string; auth_time: number };

const claimsOf = (token: string): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

/** The answers that open or renew a session (the second factor's exchange opens one as the sign-in does). */
const SIGN_INS = new Set(['post /logins', 'post /logins/second-factor', 'get /changed-jwt']);

export class RefreshCookies {
  /** Cookie value → the claims of the session's latest token. */
  private readonly held = new Map<string, SessionClaims>();
  /** Cookie value → the token a test gave for it (`pin`, mocks/session-controls.ts). */
  private readonly pinned = new Map<string, string>();

  constructor(
    readonly name: string,
    readonly mode: SessionMode,
    private readonly policy: SessionPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The bearer header a cookie-only request stands for: a short-lived token of the cookie's session (signed now, so
   * the access rules judge the session — revoked, too old — and not the age of its last token). Only for the
   * renewal and the sign-out, only without a bearer token of its own, only in cookie mode.
   */
  authorization(key: string | undefined, given: string | undefined, cookie: string | string[] | undefined) {
    if (given || this.mode !== 'cookie' || (key !== 'get /changed-jwt' && key !== 'post /logout')) return given;
    const value = cookieValue(cookie, this.name);
    const claims = value === undefined ? undefined : this.held.get(value);
    if (!claims) return given;
    const iat = Math.floor(this.now() / 1000);
    return `Bearer ${signMockToken({ ...claims, iat, exp: iat + this.policy.accessTokenMinutes * 60 })}`;
  }

  /**
   * A test's session (the mock control `POST /__mock/sessions/cookie`, mocks/session-controls.ts): a new cookie value
   * standing for the session of `token`, a token the mock signed with the claims the test needs. While that token is
   * valid, a renewal from the cookie alone answers it as it is (the browser test's page starts with exactly the
   * token the test chose); afterwards the cookie renews its session as any other. The `Set-Cookie` header, or
   * undefined in bearer mode (no cookie) or for a token without an account.
   */
  pin(token: string): string | undefined {
    const claims = claimsOf(token);
    if (this.mode !== 'cookie' || !claims || !Number.isSafeInteger(claims.user_id)) return undefined;
    const value = randomBytes(32).toString('base64url');
    this.held.set(value, claims as SessionClaims);
    this.pinned.set(value, token);
    return `${this.name}=${value}; ${COOKIE_ATTRIBUTES}`;
  }

  /** The token a test pinned to the cookie of a renewal sent without a bearer token, if any. */
  pinnedToken(key: string | undefined, given: string | undefined, cookie: string | string[] | undefined) {
    if (given || this.mode !== 'cookie' || key !== 'get /changed-jwt') return undefined;
    const value = cookieValue(cookie, this.name);
    return value === undefined ? undefined : this.pinned.get(value);
  }

  /** The pinned token is no longer valid (expired, revoked): the cookie renews its session as any other now. */
  unpin(cookie: string | string[] | undefined): void {
    const value = cookieValue(cookie, this.name);
    if (value !== undefined) this.pinned.delete(value);
  }

  /**
   * The `Set-Cookie` header of an answer, if any: a new value for a sign-in, the session's same value for a renewal
   * (the tabs of one browser may renew at once: none is left with a value the other made stale; the value ends with
   * its session), a clearing one for a sign-out.
   */
  setCookie(key: string | undefined, status: number, token: string | undefined, cookie: string | string[] | undefined) {
    if (this.mode !== 'cookie' || !key) return undefined;
    const old = cookieValue(cookie, this.name);
    if (key === 'post /logout' && status < 300) {
      if (old !== undefined) this.held.delete(old);
      if (old !== undefined) this.pinned.delete(old);
      return `${this.name}=; ${COOKIE_ATTRIBUTES}; Max-Age=0`;
    }
    if (!SIGN_INS.has(key) || status !== 200 || !token) return undefined;
    const claims = claimsOf(token);
    if (!claims || typeof claims.sid !== 'string' || !Number.isSafeInteger(claims.user_id)) return undefined;
    const value =
      old !== undefined && this.held.get(old)?.sid === claims.sid ? old : randomBytes(32).toString('base64url');
    this.held.set(value, claims as SessionClaims);
    return `${this.name}=${value}; ${COOKIE_ATTRIBUTES}`;
  }
}

/** The token an answer carries: the sign-in's `data.token`, the renewal's `data.data.token`. */
export function answeredToken(payload: Buffer): string | undefined {
  try {
    const body = JSON.parse(payload.toString('utf8')) as { data?: { token?: unknown; data?: { token?: unknown } } };
    const token = body.data?.token ?? body.data?.data?.token;
    return typeof token === 'string' ? token : undefined;
  } catch {
    return undefined;
  }
}
