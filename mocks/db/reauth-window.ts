/**
 * Re-authentication on the mock (proposed; openapi/README.md "Re-authentication"): an operation marked `x-reauth`
 * is refused while the session's last authentication is more than the contract's `x-session.reauthMinutes` old. The
 * last authentication is the token's `auth_time` (a sign-in, the second factor's step or `POST /logins/reauth` sets
 * it; a renewal keeps it), and for a token without one (the contract's example tokens) the mock's start or last
 * `areas/reset`, as for its session's hours (mocks/db/sessions.ts). A rule with `whenChanged` applies only when the
 * request changes that field of the account it names (a user's type, not the rest of the account).
 *
 * For browser tests only, `age` makes a user's sessions authenticated so far count as authenticated that many
 * minutes earlier (the mock control `POST /__mock/reauth/age`, mocks/areas/reauth.ts): nothing else can make the
 * console's own session stale without waiting the window out. A re-authentication of the user ends it.
 */
import type { Contract, Operation } from '../contract.ts';
import { integerValue } from '../ids.ts';
import type { SessionClaims, SessionStore } from './sessions.ts';
import type { UserStore } from './user-list.ts';
import { reauthMinutesOf, reauthRuleOf } from '../../codegen/reauth-rules.ts';

const MINUTE = 60_000;

/** The parts of a request the rule reads (as the access rules have them). */
export interface ReauthRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

export class ReauthWindow {
  readonly minutes: number;
  private readonly aged = new Map<number, { before: number; byMs: number }>();

  constructor(
    contract: Contract,
    private readonly sessions: SessionStore,
    private readonly users: UserStore,
    private readonly now: () => number = Date.now,
  ) {
    this.minutes = reauthMinutesOf(contract.document);
  }

  /** When the token's session last authenticated (ms), as the mock judges it. */
  authenticatedAt(claims: SessionClaims): number {
    const at = this.sessions.authenticatedAt(claims);
    const aged = this.aged.get(claims.user_id);
    return aged && at <= aged.before ? at - aged.byMs : at;
  }

  /** Whether the operation asks for a fresh authentication of this request (its `x-reauth`, `whenChanged` judged). */
  applies(operation: Operation, request: ReauthRequest): boolean {
    const rule = reauthRuleOf(operation.spec);
    if (!rule) return false;
    if (!rule.account || !rule.whenChanged) return true;
    const where = rule.account;
    const named =
      where.in === 'body'
        ? request.body[where.name]
        : where.in === 'path'
          ? request.params[where.name]
          : request.query.get(where.name);
    const id = integerValue(named);
    const before = id === undefined ? undefined : (this.users.get(id) as Record<string, unknown> | undefined);
    const given = request.body[rule.whenChanged];
    return before !== undefined && given !== undefined && given !== before[rule.whenChanged];
  }

  /** Whether the call is refused: the operation asks for it and the session authenticated longer ago than the window. */
  refuses(operation: Operation, request: ReauthRequest, claims: SessionClaims): boolean {
    return this.applies(operation, request) && this.now() - this.authenticatedAt(claims) > this.minutes * MINUTE;
  }

  /** Test control: the user's sessions authenticated until now count as authenticated `minutes` earlier. */
  age(userId: number, minutes: number): void {
    this.aged.set(userId, { before: this.now(), byMs: minutes * MINUTE });
  }

  /** The user proved the account again (its new token carries `auth_time` now): no ageing applies any more. */
  authenticated(userId: number): void {
    this.aged.delete(userId);
  }

  reset(): void {
    this.aged.clear();
  }
}
