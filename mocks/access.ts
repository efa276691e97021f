// Over 200 lines: the one access check of every request, a rule of openapi/README.md per method.
/**
 * The mock API's access rules: what openapi/README.md "What the backend must enforce" asks of a server, read from the
 * contract's annotations of each operation (`x-required-level`, `x-ownership`, `x-plan`) and applied before Prism
 * sees a request:
 *  - 401 without a bearer token, or with one that is malformed, not signed with the mock's secret, without `exp` or
 *    past it, or of a revoked session (mocks/db/sessions.ts: signed out, or its account changed since);
 *  - 403 when the token's `UserType` is below the operation's level;
 *  - 404 when a panel, user, order or coupon request the request names is outside the caller's reach (own, an order
 *    or coupon request being its buyer's; a dealer's customers from `relaxedFrom: 1`; everything for an admin),
 *    exactly as for one that does not exist; a value there that is not an id (mocks/ids.ts) answers 400, never
 *    skipped;
 *  - 403 when the plan lacks what `x-plan` asks for (a subscription with the web console, a panel permission);
 *  - 403 `password-change-required` while the account holds a one-time password (mocks/db/account-passwords.ts), for
 *    every call not marked `x-allowed-while-password-change-required`;
 *  - 403 `second-factor-enrolment-required` for a token with the claim `second_factor_enrolment_required` (an
 *    administrator requires a second factor its account lacks: mocks/areas/second-factor-policy.ts), for every call
 *    not marked `x-allowed-before-second-factor`;
 *  - 403 `reauth-required` for an operation marked `x-reauth` when the session authenticated more than
 *    `x-session.reauthMinutes` ago (mocks/db/reauth-window.ts).
 * The refusals answer the example bodies the operation declares for them (mostly the shared responses of
 * `components/responses.yaml`), so they are what a client of the contract expects. The panels' links come from
 * `PanelOwners`; the accounts (and their dealer codes) from the mock's one store of accounts (`UserStore`,
 * mocks/db/user-list.ts), so an account added is in reach at once and a deleted one is out of every reach.
 */
import type { User, UserAuthority } from '@generated/api/types.gen.ts';
import type { Contract, Operation } from './contract.ts';
import { accessRulesOf, type AccessRequest, type Refusal } from './access-rules.ts';
import { verifyMockToken, type MockClaims, type TokenCheck } from './tokens.ts';
import type { PanelOwners } from './db/panel-owners.ts';
import { exampleUserStore, type UserStore } from './db/user-list.ts';
import { SessionStore, sessionPolicyOf } from './db/sessions.ts';
import { integerValue } from './ids.ts';
import type { PurchaseKind, PurchaseOwners } from './purchase-owners.ts';
import { ReauthWindow } from './db/reauth-window.ts';
import { hasSubscription } from '../rules/subscription.ts';

export { MOCK_TOKEN_SECRET, signMockToken, verifyMockToken, type MockClaims, type TokenCheck } from './tokens.ts';
export {
  accessRulesOf,
  type AccessRequest,
  type AccessRules,
  type OwnershipRule,
  type PlanRule,
  type Refusal,
} from './access-rules.ts';

/** The value a rule names in a request (undefined when the request has none). */
const valueOf = (request: AccessRequest, where: { in: string; name: string }): unknown => {
  if (where.in === 'path') return request.params[where.name];
  if (where.in === 'query') return request.query.get(where.name) ?? undefined;
  return request.body[where.name];
};

export class MockAccess {
  constructor(
    private readonly contract: Contract,
    readonly owners: PanelOwners,
    /** The accounts (mocks/db/user-list.ts): the users area changes them, the reach reads them. */
    readonly users: UserStore = exampleUserStore(contract),
    /** The sessions (mocks/db/sessions.ts): sign-in, renewal and revocation change them, every check reads them. */
    readonly sessions: SessionStore = new SessionStore(sessionPolicyOf(contract.document)),
  ) {}

  /** A token as every call and the broker judge it: the mock's signature and expiry, and its session not revoked. */
  verify(token: string | undefined): TokenCheck {
    const checked = verifyMockToken(token);
    if ('refused' in checked) return checked;
    return this.sessions.isRevoked(checked.claims, token ?? '') ? { refused: 'revoked' } : checked;
  }

  private window?: ReauthWindow;

  /** Re-authentication (mocks/db/reauth-window.ts): the operations marked `x-reauth` and the contract's window. */
  get reauth(): ReauthWindow {
    return (this.window ??= new ReauthWindow(this.contract, this.sessions, this.users));
  }

  /** Who bought each order and coupon request (the front gives it its order store); unknown: nothing is reached. */
  purchases?: PurchaseOwners;

  /** The panel (dev_id) of a queued settings write (the front gives it its queue); unknown: nothing is reached. */
  queuedPanel?: (id: number) => number | undefined;

  /** Whether an order or a coupon request is within the caller's reach: its buyer's, as a user is. */
  reachesPurchase(claims: MockClaims, kind: PurchaseKind, id: number, relaxedFrom: number = 1): boolean {
    const purchase = this.purchases?.find(kind, id);
    if (!purchase) return false;
    if (purchase.owner === claims.user_id) return true;
    if (claims.UserType >= 2 && relaxedFrom <= 2) return true;
    return purchase.owner !== undefined && this.reachesUser(claims, purchase.owner, relaxedFrom);
  }

  /** An account of the mock's user list. */
  account(id: number): User | undefined {
    return this.users.get(id);
  }

  /** The authority plan of a subscription the account bought (mocks/db/subscription-credits.ts), while it lasts. */
  boughtAuthority?: (userId: number) => Partial<UserAuthority> | undefined;

  /**
   * The authority plan of an account, from the contract's `GET /user-authority` example named after it, or the plan
   * of the subscription it bought.
   */
  authority(claims: MockClaims): Partial<UserAuthority> {
    const value = this.contract.responseExamples(this.contract.byId('getUserAuthority')).get(claims.Username)?.example
      .value as { data?: Partial<UserAuthority> } | undefined;
    return { ...(value?.data ?? {}), ...(this.boughtAuthority?.(claims.user_id) ?? {}) };
  }

  /** A current subscription (rules/subscription.ts) whose plan includes the web console (`NO_ADS`). */
  hasWebSubscription(claims: MockClaims): boolean {
    return (
      hasSubscription({ SubExpireDate: String(claims.SubExpireDate ?? '') }) && this.authority(claims).NO_ADS === true
    );
  }

  /** The caller's dealer code ('' when they have none). */
  dealerCode(claims: MockClaims): string {
    return this.account(claims.user_id)?.Dealercode ?? '';
  }

  /** Whether a user is within the caller's reach (see openapi/README.md). */
  reachesUser(claims: MockClaims, userId: number, relaxedFrom: number = 1): boolean {
    if (userId === claims.user_id) return true;
    const user = this.account(userId);
    if (!user || claims.UserType < relaxedFrom) return false;
    if (claims.UserType >= 2) return true;
    const code = this.dealerCode(claims);
    return code !== '' && user.Dealercode === code;
  }

  /** Whether a panel (dev_id) is within the caller's reach. */
  reachesPanel(claims: MockClaims, devId: number, relaxedFrom: number = 1): boolean {
    if (!this.owners.exists(devId)) return false;
    const accounts = this.owners.accountsOf(devId);
    if (accounts.includes(claims.user_id)) return true;
    if (claims.UserType < relaxedFrom) return false;
    if (claims.UserType >= 2) return true;
    const code = this.dealerCode(claims);
    return code !== '' && accounts.some((id) => this.account(id)?.Dealercode === code);
  }

  /** Every panel within the caller's reach: their panel lists and the broker's ACL. */
  panelsInReach(claims: MockClaims): number[] {
    return this.owners.panels().filter((devId) => this.reachesPanel(claims, devId));
  }

  /** The panels a console connection may watch live: those in reach, with a web subscription. */
  watchablePanels(claims: MockClaims): number[] {
    return this.hasWebSubscription(claims) ? this.panelsInReach(claims) : [];
  }

  /**
   * A refusal with the body the operation declares for the status: its named example (else its first), following
   * `#/components/...` references (the shared responses of `components/responses.yaml`).
   */
  refusal(operation: Operation, status: Refusal['status'], example: string, reason: string): Refusal {
    const resolve = (node: unknown): Record<string, unknown> | undefined => {
      let current = node as Record<string, unknown> | undefined;
      for (let depth = 0; typeof current?.$ref === 'string' && depth < 10; depth++) {
        const [kind, name] = current.$ref.replace(/^#\/components\//, '').split('/');
        const section = (this.contract.document.components as Record<string, Record<string, unknown>> | undefined)?.[
          kind ?? ''
        ];
        current = section?.[name ?? ''] as Record<string, unknown> | undefined;
      }
      return current;
    };
    const responses = (operation.spec.responses ?? {}) as Record<string, unknown>;
    const content = resolve(responses[String(status)])?.content as Record<string, { examples?: object }> | undefined;
    const examples = (content?.['application/json']?.examples ?? {}) as Record<string, unknown>;
    const chosen = resolve(examples[example] ?? Object.values(examples)[0]);
    return { status, body: chosen?.value ?? { message: reason, status: 'Error' }, reason };
  }

  /** The refusal the contract asks for, or undefined when the request may go on. */
  check(operation: Operation, request: AccessRequest): Refusal | undefined {
    const rules = accessRulesOf(operation);
    if (rules.level === undefined) return undefined;
    const token = this.verify(request.authorization);
    if ('refused' in token) return this.refusal(operation, 401, 'unauthorized', `token ${token.refused}`);
    const { claims } = token;
    // A one-time password must be changed first (the contract's `OneTimePassword`): only the calls marked may go on.
    if (
      this.users.passwords.mustChange(claims.user_id) &&
      !operation.spec['x-allowed-while-password-change-required']
    ) {
      return this.refusal(operation, 403, 'password-change-required', 'the one-time password must be changed first');
    }
    // A second factor an administrator requires, not enrolled yet (the token's claim): only the calls marked go on.
    if (claims.second_factor_enrolment_required === true && !operation.spec['x-allowed-before-second-factor']) {
      return this.refusal(
        operation,
        403,
        'second-factor-enrolment-required',
        'the second factor must be enrolled first',
      );
    }
    if (claims.UserType < rules.level) {
      return this.refusal(operation, 403, 'forbidden', `level ${claims.UserType} below ${rules.level}`);
    }
    for (const rule of rules.ownership) {
      const given = valueOf(request, rule);
      if (given === undefined) continue;
      // Fail closed: a value that is not an id (mocks/ids.ts) is refused, never skipped.
      const value = integerValue(given);
      if (value === undefined) return this.refusal(operation, 400, 'bad-request', `${rule.name} is not an id`);
      const reached =
        rule.object === 'user'
          ? this.reachesUser(claims, value, rule.relaxedFrom)
          : rule.object === 'panel'
            ? this.reachesPanel(
                claims,
                rule.key === 'id' ? (this.owners.devIdOfRecord(value) ?? -1) : value,
                rule.relaxedFrom,
              )
            : rule.object === 'queued_write'
              ? this.reachesPanel(claims, this.queuedPanel?.(value) ?? -1, rule.relaxedFrom)
              : this.reachesPurchase(claims, rule.object, value, rule.relaxedFrom);
      if (!reached) return this.refusal(operation, 404, 'not-found', `${rule.object} ${value} out of reach`);
    }
    const plan = rules.plan;
    if (plan?.subscription && !this.hasWebSubscription(claims)) {
      return this.refusal(operation, 403, 'no-subscription', 'no subscription with the web console');
    }
    const by = plan?.permissionBy;
    const named = by ? by.values[String(valueOf(request, by))] : undefined;
    for (const permission of [plan?.permission, named]) {
      if (permission && this.authority(claims)[permission] !== true) {
        return this.refusal(operation, 403, 'plan-permission', `the plan lacks ${permission}`);
      }
    }
    // An operation marked `x-reauth`, and the session's last authentication older than the window: nothing is done.
    if (this.reauth.refuses(operation, request, claims)) {
      return this.refusal(operation, 403, 'reauth-required', `authenticated over ${this.reauth.minutes} minutes ago`);
    }
    return undefined;
  }

  /**
   * What an accepted call changed in the panels' links (called once the answer is 2xx): an added panel is the
   * caller's (with the description it was given), a renamed one keeps its new description, a removed one leaves the
   * caller's list, a copied one joins the new user's list.
   */
  remember(operation: Operation, request: AccessRequest): void {
    const token = this.verify(request.authorization);
    if ('refused' in token) return;
    const { body } = request;
    switch (operation.operationId) {
      case 'addPanel': {
        const devId = integerValue(body.dev_id);
        if (devId !== undefined) this.owners.add(devId, token.claims.user_id, String(body.Description ?? ''));
        return;
      }
      case 'changePanelDesc': {
        const devId = integerValue(body.device_id);
        if (devId !== undefined && typeof body.Description === 'string') this.owners.rename(devId, body.Description);
        return;
      }
      case 'removePanel': {
        const devId = integerValue(body.device_id);
        if (devId !== undefined) this.owners.unlink(devId, token.claims.user_id);
        return;
      }
      case 'moveDevice': {
        const record = integerValue(body.id);
        const devId = record === undefined ? undefined : this.owners.devIdOfRecord(record);
        const userId = integerValue(body.new_user_id);
        if (devId !== undefined && userId !== undefined) this.owners.link(devId, userId);
        return;
      }
      default:
    }
  }
}
