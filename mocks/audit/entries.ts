/**
 * The audit log's entries as the mock builds them (mocks/areas/audit.ts records them): before any store changes, the
 * entry an action will record, with the signed-in user of the token and what the records held before —
 *  - a panel command (`controlPanel`: arm, stay-arm, disarm, bypass, output), with the partition, zone or output and
 *    the state set;
 *  - a settings write, with each field that differs from what the record held before (the settings store: what was
 *    written, else the contract's example of that record), old → new; a write sent with
 *    `audit-action: template_apply` (a template applied) is a `template_apply`;
 *  - a zone or output quick update, with what the panel's list showed before (name, active), old → new;
 *  - the administration of users and panels, an order's billing and cancelling, a firmware roll-out's start (with its
 *    settings), pause, resume and abort;
 * and once it succeeded, what its answer names (the roll-out, the user added).
 */
import { operationKeys, type OperationId } from '@generated/api/operations.ts';
import type { AuditChange, AuditEntry } from '@generated/api/types.gen.ts';
import type { MockAccess, MockClaims } from '../access.ts';
import { exampleData, type AreaRequest, type Body } from '../area.ts';
import { changedFields, type AuditRecord } from '../db/audit-log.ts';
import type { Contract } from '../contract.ts';
import { integerValue } from '../ids.ts';
import { ENVELOPE_FIELDS, QUICK_UPDATES, recordOf, settingsGroupOf, type SettingsStore } from '../db/settings-store.ts';
import { accountFields } from '../areas/users.ts';
import {
  BILLING,
  COMMAND,
  COMMAND_ACTIONS,
  PANEL_ADMIN,
  ROLLOUT_ACTIONS,
  ROLLOUT_START,
  USER_ADMIN,
} from './actions.ts';
import type { EntryNames } from './told.ts';

/** An id as the mock reads one (mocks/ids.ts): a safe integer or its exact digits. */
const whole = integerValue;

/** What was noted of a request before the stores changed: the entry to record if the action succeeds. */
export interface Pending {
  entry: AuditRecord;
  /** Whether success is the panel's `Err: 0` (a command, a settings write) rather than the 200 alone. */
  panelAnswer: boolean;
}

/** The request's own fields as changes with no old value (what the call set), leaving out `omit`. */
const setFields = (body: Body, omit: readonly string[]): AuditChange[] =>
  Object.entries(body)
    .filter(([field]) => !omit.includes(field))
    .map(([field, value]) => ({ field, new: value }));

/** The entries of the actions, named as `userOf` names the signed-in user. */
export function auditEntries(
  contract: Contract,
  access: MockAccess,
  settings: SettingsStore,
  userOf: EntryNames['userOf'],
) {
  /** The settings write operations and the group each writes. */
  const writes = new Map<string, number>(
    contract.operations.flatMap((op) => {
      const group = settingsGroupOf(op);
      return group === undefined ? [] : [[op.operationId, group] as const];
    }),
  );
  const exampleDescriptions = new Map<number, string>();
  const listed = exampleData(contract, '/command/devices/useralldevices', 'default');
  for (const row of Array.isArray(listed) ? (listed as Body[]) : []) {
    const devId = whole(row.dev_id);
    if (devId !== undefined) exampleDescriptions.set(devId, String(row.description ?? ''));
  }
  const panelOf = (devId: number | undefined): AuditEntry['panel'] =>
    devId === undefined
      ? null
      : { dev_id: devId, description: access.owners.descriptionOf(devId) ?? exampleDescriptions.get(devId) ?? '' };
  const userObject = (id: number | undefined): AuditEntry['object'] =>
    id === undefined ? null : { type: 'user', id, label: access.account(id)?.name ?? String(id) };

  /** The entry an action will record, with what the records held before it; undefined for any other call. */
  const noted = (opId: OperationId, request: AreaRequest): Pending | undefined => {
    const { body, params, claims } = request;
    const base = {
      user: userOf(claims as MockClaims),
      panel: null,
      object: null,
      operation: opId,
      group: null,
      record: null,
      changes: [] as AuditChange[],
    };
    if (opId === COMMAND) {
      const command = String(body.command ?? '');
      const action = COMMAND_ACTIONS[command];
      if (!action) return undefined;
      const zoneOrOutput = command === 'BYPASS' || command === 'OUTPUT';
      const record = zoneOrOutput ? whole(body.zoneoutno) : body.ispart === true ? whole(body.partno) : 0;
      const changes = zoneOrOutput && body.status !== undefined ? [{ field: 'status', new: body.status }] : [];
      const entry = { ...base, panel: panelOf(whole(body.dev_id)), action, record: record ?? null, changes };
      return { entry, panelAnswer: true };
    }
    const group = writes.get(opId);
    if (group !== undefined) {
      const devId = whole(body.dev_id);
      const record = recordOf(body);
      const fields = Object.fromEntries(Object.entries(body).filter(([name]) => !ENVELOPE_FIELDS.includes(name)));
      const before = devId === undefined ? undefined : settings.current(devId, group, record);
      const changes = changedFields(before, fields);
      // A template's write says so (the proposed `audit-action` header); a form's own save does not.
      const action = request.headers['audit-action'] === 'template_apply' ? 'template_apply' : 'settings_write';
      const entry = { ...base, panel: panelOf(devId), action, group, record, changes } as const;
      return { entry, panelAnswer: true };
    }
    const quick = QUICK_UPDATES[operationKeys[opId]];
    if (quick) {
      const devId = whole(params.device_id) ?? whole(body.device_id);
      const id = whole(params[quick.idParam]);
      const before = devId === undefined || id === undefined ? undefined : settings.listedRow(quick.list, devId, id);
      // The record is the row's id; the changes are what differs from the row as the list showed it before.
      const set = Object.fromEntries(['name', 'active'].filter((f) => f in body).map((f) => [f, body[f]]));
      const changes = changedFields(before, set);
      const action = opId === 'updateZone' ? ('zone_update' as const) : ('output_update' as const);
      return { entry: { ...base, panel: panelOf(devId), action, record: id ?? null, changes }, panelAnswer: false };
    }
    if (USER_ADMIN.has(opId)) {
      const userId = whole(body.user_id);
      const account = userId === undefined ? undefined : access.account(userId);
      let changes: AuditChange[] = [];
      if (opId === 'setUserActiveStatus') {
        changes = [{ field: 'active', ...(account ? { old: account.active } : {}), new: body.state === 1 }];
      } else if (opId === 'updateUser' || opId === 'addUser') {
        changes = changedFields(account as unknown as Body | undefined, { ...accountFields(body) });
      } else if (opId === 'moveSubscriptions') {
        changes = [{ field: 'new_user_id', new: body.new_user_id }];
      }
      return { entry: { ...base, object: userObject(userId), action: 'user_admin', changes }, panelAnswer: false };
    }
    const panelField = PANEL_ADMIN[opId];
    if (panelField) {
      const named = whole(body[panelField]);
      const devId = panelField === 'id' && named !== undefined ? access.owners.devIdOfRecord(named) : named;
      const changes = setFields(body, [panelField, 'code']);
      if (opId === 'changePanelDesc' && devId !== undefined) {
        const old = panelOf(devId)?.description;
        changes.splice(0, changes.length, { field: 'Description', old, new: body.Description });
      }
      const panel = panelOf(devId);
      // A panel being added is not the mock's yet: the entry names it by the description it is added with.
      if (opId === 'addPanel' && panel && !panel.description) {
        panel.description = typeof body.Description === 'string' ? body.Description.trim() : '';
      }
      return { entry: { ...base, panel, action: 'panel_admin', changes }, panelAnswer: false };
    }
    if (BILLING.has(opId)) {
      const id = whole(params.id) ?? 0;
      const changes = opId === 'cancelOrder' ? setFields(body, ['id']) : [{ field: 'is_billing', new: true }];
      const object = { type: 'order' as const, id, label: String(id) };
      return { entry: { ...base, object, action: 'billing', changes }, panelAnswer: false };
    }
    if (ROLLOUT_ACTIONS.has(opId)) {
      // The start's settings; the roll-out (and a pause's, resume's or abort's new state) come with the answer.
      const changes = opId === ROLLOUT_START ? setFields(body, []) : [];
      return { entry: { ...base, action: 'firmware_rollout', changes }, panelAnswer: false };
    }
    return undefined;
  };

  /** The entry to record once the action succeeded, with what its answer names. */
  const completed = (opId: OperationId, noted: AuditRecord, answer: Body): AuditRecord => {
    const entry = { ...noted };
    if (ROLLOUT_ACTIONS.has(opId)) {
      const rollout = answer.data as Body | undefined;
      const id = whole(rollout?.id) ?? 0;
      const label = `${String(rollout?.model_name ?? '')} ${String(rollout?.firm_ver ?? '')}`.trim();
      entry.object = { type: 'firmware_rollout', id, label };
      if (opId !== ROLLOUT_START) entry.changes = [{ field: 'state', new: rollout?.state }];
    }
    if (opId === 'addUser') {
      const data = answer.data as Body | undefined;
      const id = whole(data?.id);
      entry.object = id === undefined ? null : { type: 'user', id, label: String(data?.name ?? id) };
    }
    return entry;
  };

  return { panelOf, noted, completed };
}
