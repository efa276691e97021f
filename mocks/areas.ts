/**
 * The areas of the mock (mocks/area.ts says what an area is), one file each under mocks/areas/. The front hands each
 * request to them in this order: the first that answers a request itself, or chooses its example, has it; each
 * rewrites the answers of its own operations.
 */
import type { MockAccess } from './access.ts';
import type { MockArea } from './area.ts';
import type { CommandSink } from './command-sink.ts';
import type { Contract } from './contract.ts';
import type { SettingsStore } from './db/settings-store.ts';
import type { MockDb } from './db/index.ts';
import type { PanelQueue } from './queue/panel-queue.ts';
import type { PanelPasswordGate } from './panel-password-gate.ts';
import { accountLimitsArea } from './areas/account-limits.ts';
import { accountPasswordsArea } from './areas/account-passwords.ts';
import { auditArea } from './areas/audit.ts';
import { boughtSubscriptionsArea } from './areas/bought-subscriptions.ts';
import { dealerRequestsArea } from './areas/dealer-requests.ts';
import { fileStoreArea } from './areas/file-store.ts';
import { firmwareTestsArea } from './areas/firmware-tests.ts';
import { firmwareSeed } from './firmware-tests/seed.ts';
import { FirmwareStore } from './firmware-tests/store.ts';
// Firmware roll-outs (proposed)
import { firmwareRolloutsArea } from './areas/firmware-rollouts.ts';
import { ordersArea } from './areas/orders.ts';
import { panelQueueArea } from './areas/panel-queue.ts';
import { panelSettingsArea } from './areas/panel-settings.ts';
import { panelsArea } from './areas/panels.ts';
import { paymentsArea, type MockPayments } from './areas/payments.ts';
import { sessionsArea } from './areas/sessions.ts';
import { secondFactorArea } from './areas/second-factor.ts';
import { secondFactorPolicyArea } from './areas/second-factor-policy.ts';
// Re-authentication before a dangerous action (proposed)
import { reauthArea } from './areas/reauth.ts';
import { securityEventsArea } from './areas/security-events.ts';
import { usersArea } from './areas/users.ts';

/** What the areas act on, shared with the rest of the stack. */
export interface AreaParts {
  contract: Contract;
  /** The mock's stores (mocks/db/): the audit log and the second factors the areas share. */
  db: MockDb;
  /** The panels' side: connection, panel passwords, commands. */
  simulator: CommandSink;
  /** The access rules and the panels' links (the lists answer only what is in reach). */
  access: MockAccess;
  /** The panels' programming. */
  settings: SettingsStore;
  payments: MockPayments;
  /** The programming queue (writes waiting for their panel to connect). */
  queue: PanelQueue;
  /** The panel password gate: its wrong passwords and locks are audit entries. */
  pins?: PanelPasswordGate;
}

// The file store first: every request under `/files` passes its access check before anything else may answer it.
export const mockAreas = ({
  contract,
  db,
  simulator,
  access,
  settings,
  payments,
  queue,
  pins,
}: AreaParts): MockArea[] => {
  // The firmware tests and the roll-outs share the versions and their tests (a roll-out needs a passed test).
  const firmware = new FirmwareStore(firmwareSeed(contract));
  // The audit log, shared with the security events (sign-ins, lockouts, refusals) and the limits that lock; the
  // second factor's secrets, shared by its own calls and the re-authentication.
  const { log, secondFactors } = db;
  const security = securityEventsArea(contract, access, log);
  return [
    fileStoreArea(contract),
    accountLimitsArea(contract, access, security.lockout),
    auditArea(contract, access, settings, log, queue, pins),
    security,
    dealerRequestsArea(contract),
    firmwareTestsArea(contract, undefined, firmware),
    firmwareRolloutsArea(contract, firmware, simulator, access),
    // Before the users area: a closed account's sign-in and an ended session's refresh are refused first.
    sessionsArea(contract, access),
    // Then a sign-in to an account with a password of its own (its token, which the sessions area stamps).
    accountPasswordsArea(contract, access),
    usersArea(contract, access),
    panelsArea(contract, simulator, access, settings),
    panelSettingsArea(contract, simulator, settings),
    panelQueueArea(access, settings, queue),
    ordersArea(contract, payments.orders, access, payments.subscriptions),
    paymentsArea(payments, (buyer) =>
      access
        .account(buyer)
        ?.subscribes.map((entry) => entry.end_date)
        .sort()
        .at(-1),
    ),
    // Last: what paying bought shows in the tokens, the authority and the profile the areas above answered.
    boughtSubscriptionsArea(payments.subscriptions, access),
    // After every area that stamps the sign-in's token: an account with a second factor gets a challenge instead.
    secondFactorArea(contract, access, secondFactors),
    // Then the administrators' requirement marks the tokens answered to accounts that must enrol first.
    secondFactorPolicyArea(secondFactors),
    // A session proves its account again with its password or its second factor's code.
    reauthArea(contract, access, secondFactors),
  ];
};
