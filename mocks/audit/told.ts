/**
 * What the audit log learns from others rather than from a call's answer: a queued settings write applied when its
 * panel connected (mocks/queue/panel-queue.ts), recorded as its own action by the user who queued it; each wrong panel
 * password (`pin_failure`) and each lock it caused (`pin_lockout`, with its scope and end), told by the panel password
 * gate (mocks/panel-password-gate.ts), by the account that sent it, never the password.
 */
import type { AuditEntry } from '@generated/api/types.gen.ts';
import type { MockClaims } from '../access.ts';
import type { AuditLog } from '../db/audit-log.ts';
import type { PanelQueue } from '../queue/panel-queue.ts';
import type { PanelPasswordGate } from '../panel-password-gate.ts';

/** Who and what an entry names. */
export interface EntryNames {
  panelOf: (devId: number | undefined) => AuditEntry['panel'];
  userOf: (claims: MockClaims) => AuditEntry['user'];
}

/** Records into `log` what the queue and the panel password gate tell. */
export function recordTold(
  log: AuditLog,
  { panelOf, userOf }: EntryNames,
  queue?: PanelQueue,
  pins?: PanelPasswordGate,
): void {
  // A queued write applied when its panel connected: recorded as its own action, by the user who queued it.
  queue?.onApplied(({ item, user, operation, record, changes }) =>
    log.record({
      user,
      panel: panelOf(item.dev_id),
      object: null,
      operation,
      action: item.action,
      group: item.group,
      record,
      changes,
    }),
  );

  // A wrong panel password and a lock it caused, by the account that sent it, on the panel: never the password.
  pins?.onEvent(({ action, devId, operationId, claims, lock, failures }) =>
    log.record({
      user: userOf(claims as MockClaims),
      panel: panelOf(devId),
      object: null,
      operation: operationId,
      action,
      group: null,
      record: null,
      changes: lock
        ? [
            { field: 'scope', new: lock.per === 'panel' ? 'panel' : 'account' },
            { field: 'locked_until', new: new Date(lock.until).toISOString() },
            ...(failures === undefined ? [] : [{ field: 'failures', new: failures }]),
          ]
        : [],
    }),
  );
}
