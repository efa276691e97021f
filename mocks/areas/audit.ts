/**
 * The audit log of the mock (the proposed `GET /audit-log`, `getAuditLog`): every action done through the mock
 * front is recorded as the contract's description asks the backend to, with the signed-in user of the token, and
 * the log answers from that memory, so it is real on `npm start`:
 *  - panel commands (`controlPanel`: arm, stay-arm, disarm, bypass, output) the panel accepted (Err 0), with the
 *    partition, zone or output and the state set;
 *  - settings writes the panel accepted (Err 0), with each field that differs from what the record held before
 *    (the settings store: what was written, else the contract's example of that record), old → new; a write sent
 *    with `audit-action: template_apply` (a template applied) is recorded as `template_apply`;
 *  - zone and output quick updates the server confirmed, with what the panel's list showed before (name, active),
 *    old → new; the administration of users and panels, an order's billing and cancelling; a firmware roll-out's
 *    start (with its settings), pause, resume and abort, on the roll-out its answer names;
 *  - each wrong panel password (`pin_failure`) and each lock it caused (`pin_lockout`, with its scope and end), told by
 *    the panel password gate (mocks/panel-password-gate.ts), by the account that sent it, never the password.
 * The front asks every area to `choose` before any store changes, so this area notes there what a record held
 * before; it records in `sent`, once the answer was a 2xx and the action succeeded. A request with a developer's own `Prefer` changes no store, so it is not recorded either.
 * The list answers only what the caller reaches (mocks/access.ts): an administrator everything, a dealer the entries
 * on the panels in reach and, for the others, the entries by or about the users in reach; the level (1) and the
 * reach of the `dev_id` and `user_id` filters are the access rules', checked before. `areas/reset` empties the log.
 */
import type { AuditAction, AuditChange, AuditEntry } from '@generated/api/types.gen.ts';
import type { MockAccess, MockClaims } from '../access.ts';
import { pageAsked } from '../db/paging.ts';
import { integerValue } from '../ids.ts';
import { exampleData, json, statusConfirms, type AreaRequest, type Body, type MockArea } from '../area.ts';
import { AuditLog, auditFilterOf, changedFields, type AuditRecord } from '../db/audit-log.ts';
import type { Contract } from '../contract.ts';
import { ENVELOPE_FIELDS, QUICK_UPDATES, recordOf, settingsGroupOf, type SettingsStore } from '../db/settings-store.ts';
import type { PanelQueue } from '../queue/panel-queue.ts';
import type { PanelPasswordGate } from '../panel-password-gate.ts';
import { accountFields } from './users.ts';

const AUDIT = 'get /audit-log';
const COMMAND = 'post /command/devices/controlpanel';

/** The action of each panel command (`ControlPanelRequest.command`). */
const COMMAND_ACTIONS: Readonly<Record<string, AuditAction>> = {
  ARM: 'arm',
  STAYARM: 'stay_arm',
  DISARM: 'disarm',
  BYPASS: 'bypass',
  OUTPUT: 'output',
};

/**
 * The user administration calls: the user they name is the body's `user_id` (`addUser`: the answer's `data.id`). A
 * password reset (`changePassToDefault`) is a security event (mocks/areas/security-events.ts).
 */
const USER_ADMIN = new Set([
  'post /user/adduser',
  'put /user/updateuser',
  'put /user/setuseractivestatus',
  'delete /user/resetuseruid',
  'delete /user/deleteappuser',
  'post /user/movesubscriptions',
]);

/** The panel administration calls and the body value naming the panel (`moveDevice`: the panel's record id). */
const PANEL_ADMIN: Readonly<Record<string, string>> = {
  'post /command/devices/userdevices/addpanel': 'dev_id',
  'put /command/devices/userdevices/changepaneldesc': 'device_id',
  'delete /command/devices/userdevices/removepanel': 'device_id',
  'put /devices/setpanelstatus': 'dev_id',
  'post /command/devices/move-device': 'id',
  'post /reset-device-info': 'dev_id',
};

const BILLING = new Set(['put /orders/{id}/billing', 'put /orders/{id}/cancel']);

/** The firmware roll-outs' actions (proposed): the roll-out they act on is in their answer. */
const ROLLOUT_START = 'post /firmware-rollouts';
const ROLLOUT_ACTIONS = new Set([
  ROLLOUT_START,
  'post /firmware-rollouts/{id}/pause',
  'post /firmware-rollouts/{id}/resume',
  'post /firmware-rollouts/{id}/abort',
]);

/** An id as the mock reads one (mocks/ids.ts): a safe integer or its exact digits. */
const whole = integerValue;

const parsed = (payload: Buffer): Body => {
  try {
    const value: unknown = JSON.parse(payload.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Body) : {};
  } catch {
    return {};
  }
};

/** The request's own fields as changes with no old value (what the call set), leaving out `omit`. */
const setFields = (body: Body, omit: readonly string[]): AuditChange[] =>
  Object.entries(body)
    .filter(([field]) => !omit.includes(field))
    .map(([field, value]) => ({ field, new: value }));

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

/** What `answer` noted of a request before the stores changed: the entry to record if the action succeeds. */
interface Pending {
  entry: AuditRecord;
  /** Whether success is the panel's `Err: 0` (a command, a settings write) rather than the 200 alone. */
  panelAnswer: boolean;
}

export const auditArea = (
  contract: Contract,
  access: MockAccess,
  settings: SettingsStore,
  log: AuditLog = new AuditLog(),
  queue?: PanelQueue,
  pins?: PanelPasswordGate,
): MockArea => {
  const operationIds = new Map(contract.operations.map((op) => [`${op.method} ${op.path}`, op.operationId]));
  const writes = new Map<string, number>(
    contract.operations.flatMap((op) => {
      const group = settingsGroupOf(op);
      return group === undefined ? [] : [[`${op.method} ${op.path}`, group] as const];
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
  const userOf = (claims: MockClaims): AuditEntry['user'] => userOfClaims(access, claims);
  const userObject = (id: number | undefined): AuditEntry['object'] =>
    id === undefined ? null : { type: 'user', id, label: access.account(id)?.name ?? String(id) };
  const pending = new WeakMap<AreaRequest, Pending>();
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

  /** The entry an action will record, with what the records held before it; undefined for any other call. */
  const noted = (key: string, request: AreaRequest): Pending | undefined => {
    const { body, params, claims } = request;
    const base = {
      user: userOf(claims as MockClaims),
      panel: null,
      object: null,
      operation: operationIds.get(key),
      group: null,
      record: null,
      changes: [] as AuditChange[],
    };
    if (key === COMMAND) {
      const command = String(body.command ?? '');
      const action = COMMAND_ACTIONS[command];
      if (!action) return undefined;
      const zoneOrOutput = command === 'BYPASS' || command === 'OUTPUT';
      const record = zoneOrOutput ? whole(body.zoneoutno) : body.ispart === true ? whole(body.partno) : 0;
      const changes = zoneOrOutput && body.status !== undefined ? [{ field: 'status', new: body.status }] : [];
      const entry = { ...base, panel: panelOf(whole(body.dev_id)), action, record: record ?? null, changes };
      return { entry, panelAnswer: true };
    }
    const group = writes.get(key);
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
    const quick = QUICK_UPDATES[key];
    if (quick) {
      const devId = whole(params.device_id) ?? whole(body.device_id);
      const id = whole(params[quick.idParam]);
      const before = devId === undefined || id === undefined ? undefined : settings.listedRow(quick.list, devId, id);
      // The record is the row's id; the changes are what differs from the row as the list showed it before.
      const set = Object.fromEntries(['name', 'active'].filter((f) => f in body).map((f) => [f, body[f]]));
      const changes = changedFields(before, set);
      const action = key.includes('/zone/') ? ('zone_update' as const) : ('output_update' as const);
      return { entry: { ...base, panel: panelOf(devId), action, record: id ?? null, changes }, panelAnswer: false };
    }
    if (USER_ADMIN.has(key)) {
      const userId = whole(body.user_id);
      const account = userId === undefined ? undefined : access.account(userId);
      let changes: AuditChange[] = [];
      if (key === 'put /user/setuseractivestatus') {
        changes = [{ field: 'active', ...(account ? { old: account.active } : {}), new: body.state === 1 }];
      } else if (key === 'put /user/updateuser' || key === 'post /user/adduser') {
        changes = changedFields(account as unknown as Body | undefined, { ...accountFields(body) });
      } else if (key === 'post /user/movesubscriptions') {
        changes = [{ field: 'new_user_id', new: body.new_user_id }];
      }
      return { entry: { ...base, object: userObject(userId), action: 'user_admin', changes }, panelAnswer: false };
    }
    const panelField = PANEL_ADMIN[key];
    if (panelField) {
      const named = whole(body[panelField]);
      const devId = panelField === 'id' && named !== undefined ? access.owners.devIdOfRecord(named) : named;
      const changes = setFields(body, [panelField, 'code']);
      if (key === 'put /command/devices/userdevices/changepaneldesc' && devId !== undefined) {
        const old = panelOf(devId)?.description;
        changes.splice(0, changes.length, { field: 'Description', old, new: body.Description });
      }
      const panel = panelOf(devId);
      // A panel being added is not the mock's yet: the entry names it by the description it is added with.
      if (key === 'post /command/devices/userdevices/addpanel' && panel && !panel.description) {
        panel.description = typeof body.Description === 'string' ? body.Description.trim() : '';
      }
      return { entry: { ...base, panel, action: 'panel_admin', changes }, panelAnswer: false };
    }
    if (BILLING.has(key)) {
      const id = whole(params.id) ?? 0;
      const changes = key.endsWith('/cancel') ? setFields(body, ['id']) : [{ field: 'is_billing', new: true }];
      const object = { type: 'order' as const, id, label: String(id) };
      return { entry: { ...base, object, action: 'billing', changes }, panelAnswer: false };
    }
    if (ROLLOUT_ACTIONS.has(key)) {
      // The start's settings; the roll-out (and a pause's, resume's or abort's new state) come with the answer.
      const changes = key === ROLLOUT_START ? setFields(body, []) : [];
      return { entry: { ...base, action: 'firmware_rollout', changes }, panelAnswer: false };
    }
    return undefined;
  };

  /** Whether the caller may see an entry: an admin all; a dealer what is on, by or about what it reaches. */
  const visibleTo =
    (claims: MockClaims) =>
    (entry: AuditEntry): boolean => {
      if (claims.UserType >= 2) return true;
      if (entry.panel) return access.reachesPanel(claims, entry.panel.dev_id);
      if (entry.user && access.reachesUser(claims, entry.user.id)) return true;
      return entry.object?.type === 'user' && access.reachesUser(claims, entry.object.id);
    };

  return {
    // Before any store changes (the access rules rename a panel, the areas write their stores once Prism answered):
    // what the records hold now is what the entry says they held before.
    choose(key, request) {
      if (typeof request.claims.user_id !== 'number') return undefined;
      const found = noted(key, request);
      if (found) pending.set(request, found);
      return undefined;
    },

    answer(key, request, payload) {
      if (key === AUDIT) {
        const { query } = request;
        const { limit, offset } = pageAsked(query);
        const visible = visibleTo(request.claims as MockClaims);
        return json(log.page(auditFilterOf(query), visible, limit, offset));
      }
      return payload;
    },

    sent(key, request, payload) {
      const found = pending.get(request);
      if (!found) return;
      pending.delete(request);
      const answer = parsed(payload);
      if (found.panelAnswer ? answer.Err !== 0 : typeof answer.status === 'string' && !statusConfirms(payload)) return;
      const entry = { ...found.entry };
      if (ROLLOUT_ACTIONS.has(key)) {
        const rollout = answer.data as Body | undefined;
        const id = whole(rollout?.id) ?? 0;
        const label = `${String(rollout?.model_name ?? '')} ${String(rollout?.firm_ver ?? '')}`.trim();
        entry.object = { type: 'firmware_rollout', id, label };
        if (key !== ROLLOUT_START) entry.changes = [{ field: 'state', new: rollout?.state }];
      }
      if (key === 'post /user/adduser') {
        const data = answer.data as Body | undefined;
        const id = whole(data?.id);
        entry.object = id === undefined ? null : { type: 'user', id, label: String(data?.name ?? id) };
      }
      log.record(entry);
    },

    // The log is emptied by the mock's one reset (mocks/db/index.ts).
  };
};
