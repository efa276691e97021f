/**
 * The audit log of the mock (the proposed `GET /audit-log`, `getAuditLog`): every action done through the mock
 * front is recorded as the contract's description asks the backend to, with the signed-in user of the token, and
 * the log answers from that memory, so it is real on `npm start`. What each action's entry holds is built in
 * mocks/audit/entries.ts (panel commands and settings writes the panel accepted, quick updates, administration,
 * billing, roll-outs); what the programming queue and the panel password gate tell is recorded by mocks/audit/told.ts.
 * The front asks every area to `choose` before any store changes, so this area notes there what a record held
 * before; it records in `sent`, once the answer was a 2xx and the action succeeded. A request with a developer's own
 * `Prefer` changes no store, so it is not recorded either.
 * The list answers only what the caller reaches (mocks/audit/reach.ts); the level (1) and the reach of the `dev_id`
 * and `user_id` filters are the access rules', checked before. `areas/reset` empties the log.
 */
import type { AuditEntry } from '@generated/api/types.gen.ts';
import type { MockAccess, MockClaims } from '../access.ts';
import { statusConfirms, type AreaRequest, type Body, type MockArea } from '../area.ts';
import { AuditLog, auditFilterOf } from '../db/audit-log.ts';
import { pageAsked } from '../db/paging.ts';
import { auditEntries, type Pending } from '../audit/entries.ts';
import { visibleTo } from '../audit/reach.ts';
import { recordTold } from '../audit/told.ts';
import type { Contract } from '../contract.ts';
import { defineArea } from '../define-area.ts';
import type { SettingsStore } from '../db/settings-store.ts';
import type { PanelQueue } from '../queue/panel-queue.ts';
import type { PanelPasswordGate } from '../panel-password-gate.ts';

/** An id as the mock reads one (mocks/ids.ts): a safe integer or its exact digits. */

const parsed = (payload: Buffer): Body => {
  try {
    const value: unknown = JSON.parse(payload.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Body) : {};
  } catch {
    return {};
  }
};

/** The user of a token's claims as an entry names them: the account's name and type now, else the token's. */
export function userOfClaims(access: MockAccess, claims: MockClaims): NonNullable<AuditEntry['user']> {
  const account = access.account(claims.user_id);
  const type = account?.user_type ?? claims.UserType;
  return {
    id: claims.user_id,
    name: account?.name ?? claims.Username,
    user_type: (type === 1 || type === 2 ? type : 0) as NonNullable<AuditEntry['user']>['user_type'],
  };
}

export const auditArea = (
  contract: Contract,
  access: MockAccess,
  settings: SettingsStore,
  log: AuditLog = new AuditLog(),
  queue?: PanelQueue,
  pins?: PanelPasswordGate,
): MockArea => {
  const userOf = (claims: MockClaims): AuditEntry['user'] => userOfClaims(access, claims);
  const entries = auditEntries(contract, access, settings, userOf);
  const pending = new WeakMap<AreaRequest, Pending>();
  recordTold(log, { panelOf: entries.panelOf, userOf }, queue, pins);

  return defineArea({
    operations: {
      getAuditLog: {
        answer(request) {
          const { query } = request;
          const { limit, offset } = pageAsked(query);
          const visible = visibleTo(access, request.claims as MockClaims);
          return log.page(auditFilterOf(query), visible, limit, offset);
        },
      },
    },

    // Every operation the log records (mocks/audit/actions.ts, the settings writes and quick updates).
    everyOperation: {
      // Before any store changes (the access rules rename a panel, the areas write their stores once Prism
      // answered): what the records hold now is what the entry says they held before.
      choose(id, request) {
        if (typeof request.claims.user_id !== 'number') return undefined;
        const found = entries.noted(id, request);
        if (found) pending.set(request, found);
        return undefined;
      },

      sent(id, request, payload) {
        const found = pending.get(request);
        if (!found) return;
        pending.delete(request);
        const answer = parsed(payload);
        if (found.panelAnswer ? answer.Err !== 0 : typeof answer.status === 'string' && !statusConfirms(payload))
          return;
        log.record(entries.completed(id, found.entry, answer));
      },
    },
    // The log is emptied by the mock's one reset (mocks/db/index.ts).
  });
};
