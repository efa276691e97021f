/**
 * The mock's sessions, in one place: which sessions were signed in, which are revoked, and which accounts are closed
 * to sign-in. The numbers are the contract's (root `x-session`: the access token's minutes, the session's hours);
 * what revokes is the contract's too (`POST /logout`, the operations marked `x-revokes-sessions`, applied by
 * mocks/areas/sessions.ts). The access rules (mocks/access.ts) refuse a revoked session's token with 401 and the
 * broker (mocks/broker.ts) drops its connections as soon as the store tells it.
 *
 * A session is named by the token's `sid`; a token without one (the contract's example tokens) is a session by
 * itself, named by its own bytes, and its renewals carry that name as their `sid`. A session starts at its
 * `auth_time`; the mock's own sessions are also numbered in the order they were signed in, so a revocation covers
 * exactly those signed in before it, even within one millisecond. A token without `auth_time` counts as signed in
 * when the store was made (the mock's start) or last reset: the example tokens renew for `sessionHours` from then.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SessionPolicy } from '../../codegen/session-rules.ts';

export { sessionPolicyOf, type SessionPolicy } from '../../codegen/session-rules.ts';

/** The claims the store reads (a verified token's). */
export interface SessionClaims {
  user_id: number;
  sid?: unknown;
  auth_time?: unknown;
}

/** The session claims of a new or renewed token. */
export interface SessionStamp {
  sid: string;
  auth_time: number;
  iat: number;
  exp: number;
}

interface Started {
  userId: number;
  order: number;
}

interface AccountRevocation {
  /** Sessions signed in up to this number (the mock's own) or this time (others) are revoked. */
  order: number;
  at: number;
  /** The session that made the change stays (a person's own password change). */
  except?: string;
}

const rawToken = (token: string): string => token.replace(/^Bearer\s+/i, '').trim();
const seconds = (ms: number): number => Math.floor(ms / 1000);

export class SessionStore {
  private started = new Map<string, Started>();
  private revoked = new Set<string>();
  private accounts = new Map<number, AccountRevocation>();
  private closed = new Set<number>();
  private order = 0;
  private since: number;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly policy: SessionPolicy,
    private readonly now: () => number = Date.now,
  ) {
    this.since = now();
  }

  /** The session a token belongs to: its `sid`, else the token itself. */
  keyOf(claims: SessionClaims, token: string): string {
    if (typeof claims.sid === 'string' && claims.sid) return claims.sid;
    return `token:${createHash('sha256').update(rawToken(token)).digest('base64url').slice(0, 22)}`;
  }

  /** When the session signed in (ms). */
  private startOf(claims: SessionClaims): number {
    return typeof claims.auth_time === 'number' ? claims.auth_time * 1000 : this.since;
  }

  /** When the token's session last authenticated (ms): its `auth_time` (a sign-in or a re-authentication). */
  authenticatedAt(claims: SessionClaims): number {
    return this.startOf(claims);
  }

  /** The claims of a new session's first token (a sign-in of `userId`). */
  signIn(userId: number): SessionStamp {
    const sid = randomUUID();
    this.started.set(sid, { userId, order: ++this.order });
    const now = this.now();
    return { sid, auth_time: seconds(now), ...this.lifetime(now) };
  }

  /** The claims of the session's next token, or undefined when it is past `sessionHours` (sign in again). */
  renew(claims: SessionClaims, token: string): SessionStamp | undefined {
    const start = this.startOf(claims);
    const now = this.now();
    if (now >= start + this.policy.sessionHours * 3_600_000) return undefined;
    return { sid: this.keyOf(claims, token), auth_time: seconds(start), ...this.lifetime(now) };
  }

  private lifetime(now: number): Pick<SessionStamp, 'iat' | 'exp'> {
    return { iat: seconds(now), exp: seconds(now) + this.policy.accessTokenMinutes * 60 };
  }

  /** Whether the token's session was revoked: signed out, or its account changed after it signed in. */
  isRevoked(claims: SessionClaims, token: string): boolean {
    const key = this.keyOf(claims, token);
    if (this.revoked.has(key)) return true;
    const revocation = this.accounts.get(claims.user_id);
    if (!revocation || revocation.except === key) return false;
    const own = this.started.get(key);
    if (own && own.userId === claims.user_id) return own.order <= revocation.order;
    return this.startOf(claims) <= revocation.at;
  }

  /** A sign-out: the token's session is revoked. */
  revokeSession(claims: SessionClaims, token: string): void {
    this.revoked.add(this.keyOf(claims, token));
    this.changed();
  }

  /** Every session of the account signed in until now is revoked, but the one of `except` (a token) when given. */
  revokeAccount(userId: number, except?: { claims: SessionClaims; token: string }): void {
    this.accounts.set(userId, {
      order: this.order,
      at: this.now(),
      ...(except ? { except: this.keyOf(except.claims, except.token) } : {}),
    });
    this.changed();
  }

  /** A deactivated account: no sign-in until `reopen`. */
  close(userId: number): void {
    this.closed.add(userId);
  }

  reopen(userId: number): void {
    this.closed.delete(userId);
  }

  isClosed(userId: number): boolean {
    return this.closed.has(userId);
  }

  /** Tells `listener` whenever sessions are revoked (→ a function that stops telling). */
  onRevoke(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Nothing revoked or closed, the example tokens signed in from now (the mock's `areas/reset`). */
  reset(): void {
    this.started.clear();
    this.revoked.clear();
    this.accounts.clear();
    this.closed.clear();
    this.since = this.now();
    this.changed();
  }
}
