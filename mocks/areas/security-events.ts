/**
 * The security events of the audit log (`AuditAction`, `getAuditLog`), recorded from every answer the front sent
 * (`settled`), in the log the audit area answers from (mocks/areas/audit.ts):
 *  - `sign_in` for a sign-in answered 200, by the account its token names; `sign_in_failure` for one answered 401, on
 *    the account the user name means, or on no account (`user` null) with the name given: nothing is created for an
 *    unknown name, and the password is never recorded;
 *  - `password_change` for the caller's own password change (`changePassword`) and an administrator's reset
 *    (`changePassToDefault`), on the account changed, once the answer confirms;
 *  - `access_denied` for every 403 the access rules answer to a call naming a panel (its `x-ownership`), by the
 *    caller, on the panel named;
 *  - `lockout` for each lock an attempt limit sets (`lockout`, handed to the limits as their listener): the policy,
 *    what it counted per and until when, on the account named (or the name given) or the client alone.
 * Each carries the caller's address (`client`). Who may read them is the audit area's rule: an administrator all; a
 * dealer those by or about its users and on its panels.
 */
import type { AuditChange, AuditEntry } from '@generated/api/types.gen.ts';
import { AccountNames } from '../account-names.ts';
import { accessRulesOf, type MockAccess, type MockClaims } from '../access.ts';
import type { Caller } from '../caller.ts';
import { statusConfirms, tokenClaims, type AreaRequest, type MockArea } from '../area.ts';
import type { Lock } from '../db/attempt-limits.ts';
import type { AuditLog, AuditRecord } from '../db/audit-log.ts';
import type { Contract, Operation } from '../contract.ts';
import { defineArea } from '../define-area.ts';
import { integerValue } from '../ids.ts';
import { userOfClaims } from './audit.ts';

const whole = integerValue;

const parsed = (payload: Buffer): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(payload.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export interface SecurityEvents extends MockArea {
  /** Records a lock an attempt limit set (the limits' listener). */
  lockout(lock: Lock, request: AreaRequest, operation: Operation, accountName?: string): void;
}

export function securityEventsArea(contract: Contract, access: MockAccess, log: AuditLog): SecurityEvents {
  const names = new AccountNames(contract, access);
  const operations = new Map(contract.operations.map((op) => [op.operationId, op]));
  const asUser = (id: number | undefined): AuditEntry['user'] => {
    const account = id === undefined ? undefined : access.account(id);
    return account ? { id: account.id, name: account.name, user_type: account.user_type } : null;
  };
  const userObject = (id: number): AuditEntry['object'] => ({
    type: 'user',
    id,
    label: access.account(id)?.name ?? String(id),
  });
  const panelOf = (devId: number | undefined): AuditEntry['panel'] =>
    devId === undefined || !access.owners.exists(devId)
      ? null
      : { dev_id: devId, description: access.owners.descriptionOf(devId) ?? '' };

  const record = (request: AreaRequest, entry: Partial<AuditRecord> & Pick<AuditRecord, 'action' | 'user'>) =>
    log.record({
      panel: null,
      object: null,
      group: null,
      record: null,
      changes: [],
      ...entry,
      client: request.client ?? 'unknown',
    });

  /** The panel a refused call named (its first `x-ownership` rule on a panel), if any. */
  const namedPanel = (operation: Operation, request: AreaRequest): number | undefined => {
    for (const rule of accessRulesOf(operation).ownership) {
      if (rule.object !== 'panel') continue;
      const given =
        rule.in === 'path'
          ? request.params[rule.name]
          : rule.in === 'query'
            ? request.query.get(rule.name)
            : request.body[rule.name];
      const value = whole(given);
      if (value === undefined) return undefined;
      return rule.key === 'id' ? access.owners.devIdOfRecord(value) : value;
    }
    return undefined;
  };
  const namesPanel = (operation: Operation) => accessRulesOf(operation).ownership.some((r) => r.object === 'panel');

  /** The caller's own password change (`self`) or an administrator's reset (`body.user_id`), once confirmed. */
  const passwordChange =
    (changed: 'self' | 'body', operationId: string) =>
    (request: AreaRequest, status: number, payload: Buffer): void => {
      const { caller } = request;
      if (!caller || status !== 200 || !statusConfirms(payload)) return;
      const target = changed === 'self' ? caller.id : whole(request.body.user_id);
      if (target === undefined) return;
      record(request, {
        action: 'password_change',
        user: userOfClaims(access, caller.claims),
        object: userObject(target),
        operation: operationId,
      });
    };
  /** A 403 the access rules answered to a call naming a panel, by the caller, on the panel named. */
  const accessDenied = (operation: Operation, request: AreaRequest, caller: Caller): void => {
    const panel = panelOf(namedPanel(operation, request));
    const entry = { action: 'access_denied', user: userOfClaims(access, caller.claims), panel } as const;
    record(request, { ...entry, operation: operation.operationId });
  };

  const area = defineArea({
    operations: {
      login: {
        settled(request, status, payload) {
          const given = typeof request.body.username === 'string' ? request.body.username.trim() : '';
          if (status === 200) {
            const token = (parsed(payload).data as { token?: unknown } | undefined)?.token;
            const claims = tokenClaims(typeof token === 'string' ? token : undefined) as MockClaims;
            if (typeof claims.user_id !== 'number') return;
            const user = userOfClaims(access, claims);
            record(request, { action: 'sign_in', user, operation: 'login', account_name: given });
          } else if (status === 401) {
            const user = asUser(names.account(given)?.id);
            record(request, { action: 'sign_in_failure', user, operation: 'login', account_name: given });
          }
        },
      },
      changePassword: { settled: passwordChange('self', 'changePassword') },
      changePassToDefault: { settled: passwordChange('body', 'changePassToDefault') },
    },
    everyOperation: {
      settled(id, request, status) {
        const operation = operations.get(id);
        if (operation && status === 403 && request.caller && namesPanel(operation))
          accessDenied(operation, request, request.caller);
      },
    },
  });

  return {
    ...area,
    lockout(lock, request, operation, accountName) {
      const changes: AuditChange[] = [
        { field: 'policy', new: lock.policy },
        { field: 'per', new: lock.per },
        { field: 'locked_until', new: new Date(lock.until).toISOString() },
      ];
      const byAccount = lock.per === 'account' && accountName !== undefined;
      const user = byAccount ? asUser(names.account(accountName)?.id) : null;
      record(request, {
        action: 'lockout',
        user,
        operation: operation.operationId,
        changes,
        ...(byAccount ? { account_name: accountName } : {}),
      });
    },
  };
}
