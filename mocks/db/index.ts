/**
 * The mock's memory: the stores one mock process keeps (one file each in this folder), made here once. The stack
 * (mocks/stack.ts) makes it and the front (mocks/front.ts) passes it on to the access rules and the areas
 * (mocks/areas.ts); the mock's `areas/reset` control calls its one `reset`, which puts the accounts, the sessions,
 * the audit log and the second factors back as the contract's examples have them, and forgets what each area and
 * the panel password gate keep of their own (they ask for that with `alsoForget`).
 *
 * Two other controls forget a part only: `panels/reset` the settings writes and the panels' links (mocks/controls.ts),
 * `orders/reset` the payments (mocks/areas/payments.ts keeps the order store, the merchant's ledger and the bought
 * subscriptions together).
 */
import type { Contract } from '../contract.ts';
import { AuditLog } from './audit-log.ts';
import { PanelOwners } from './panel-owners.ts';
import { SecondFactorStore, secondFactorRules } from './second-factor-store.ts';
import { SessionStore, sessionPolicyOf } from './sessions.ts';
import { SettingsStore } from './settings-store.ts';
import { exampleUserStore, type UserStore } from './user-list.ts';

/** Stores made elsewhere (a test's own) that the memory keeps instead of making its own. */
export interface GivenStores {
  settings?: SettingsStore;
  owners?: PanelOwners;
  users?: UserStore;
  sessions?: SessionStore;
}

export class MockDb {
  /** The panels' programming: the settings writes the front accepted and the server's known copies. */
  readonly settings: SettingsStore;
  /** The panels' links to their users (shared with the broker, which drops a connection that lost its panel). */
  readonly owners: PanelOwners;
  /** The accounts. */
  readonly users: UserStore;
  /** The sessions: signed in, revoked, closed to sign-in. */
  readonly sessions: SessionStore;
  /** The audit log, written by the audit area and the security events (sign-ins, lockouts, refusals). */
  readonly log = new AuditLog();
  /** The second factors' secrets, shared by their own calls and the re-authentication. */
  readonly secondFactors: SecondFactorStore;
  private readonly forgets: (() => void)[] = [];

  constructor(contract: Contract, given: GivenStores = {}) {
    this.settings = given.settings ?? new SettingsStore(contract);
    this.owners = given.owners ?? new PanelOwners(contract);
    this.users = given.users ?? exampleUserStore(contract);
    this.sessions = given.sessions ?? new SessionStore(sessionPolicyOf(contract.document));
    this.secondFactors = new SecondFactorStore(secondFactorRules(contract));
  }

  /** What the one reset forgets besides the stores here (an area's own memory), in the order asked. */
  alsoForget(forget: () => void): void {
    this.forgets.push(forget);
  }

  /** The mock's `areas/reset`: the stores as the examples have them, and everything `alsoForget` named forgotten. */
  reset(): void {
    this.users.reset();
    this.sessions.reset();
    this.log.clear();
    this.secondFactors.reset();
    for (const forget of this.forgets) forget();
  }
}
