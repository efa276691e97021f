/**
 * The mock's programming queue (the proposed calls of openapi/paths/queue.yaml): settings writes kept for a panel
 * until it connects, applied as the contract's descriptions ask the backend to. The queue area
 * (mocks/areas/panel-queue.ts) serves the calls; this file keeps the writes and applies them.
 *
 * - A write is queued with the exact body of the group's write operation (`write`, with the panel password), checked
 *   against that operation's request schema (mocks/contract-schemas.ts), and what the review showed as before; its
 *   `changes` are the fields of `before` whose queued value differs (a `before` field equal to it is left out).
 * - When a panel connects (the simulator's `onConnectionChange`, right after its state was published), and at once
 *   for a write queued, resolved or unblocked while it is connected, its writes are applied oldest first, one at a
 *   time: the record is read from the panel (the settings store's panel copy; the read makes the server's known copy);
 *   a changed field whose value differs from its `before` makes the write `conflicted` (with `now`), and the later
 *   writes of the same record (group, member, list_id) wait behind it; otherwise the write becomes `applying`, the
 *   panel answers it after `applyMs` (its password refused: Err 3, the write's `panel-error`; else the changed fields
 *   are written over the panel's record, which is read back: `applied` when it holds the queued values, the known
 *   copy being that record). The fields a write does not change keep the panel's values (the contract's rule: the
 *   rest of the queued body is the form's copy of the record, perhaps older than a keypad change or an earlier write). A panel that
 *   disconnects while a write is applying fails it with the panel error (Err 5); it is never sent again by itself.
 * - An applied write is told to `onApplied` (the audit area records it as the user who queued it).
 * - `changeAtKeypad` is the mock control `panels/settings`: someone at the panel's keypad changes its own record (the
 *   server's known copy stays as it was, so a write queued before conflicts).
 * Everything lives in memory until `reset` (the mock's `areas/reset`, which also forgets the known copies).
 */
import type {
  AuditChange,
  AuditEntry,
  CommandResult,
  QueueActor,
  QueueItem,
  QueueState,
} from '@generated/api/types.gen.ts';
import { changedFields } from './audit-log.ts';
import { DEFAULT_LIMIT, pageOf } from './db/paging.ts';
import type { CommandSink } from './command-sink.ts';
import type { Contract, Operation } from './contract.ts';
import { ContractSchemas } from './contract-schemas.ts';
import { idValue } from './ids.ts';
import { ENVELOPE_FIELDS, recordOf, settingsGroupOf, type SettingsStore } from './settings-store.ts';
import { PANEL_PASSWORDS } from './simulator.ts';

type Fields = Record<string, unknown>;

/** How long a panel takes to answer a queued write in the mock: how long the write stays `applying`. */
export const QUEUE_APPLY_MS = 200;

/** The states of a write that a person may cancel. */
const CANCELLABLE: readonly QueueState[] = ['queued', 'conflicted'];

/** Who acts on the queue: the token's user, with the account's name and type then (the audit log's user). */
export type QueueUser = NonNullable<AuditEntry['user']>;

/** A queued write that was applied: what the audit log records. */
export interface AppliedWrite {
  item: QueueItem;
  /** Who queued it. */
  user: QueueUser;
  /** The group's write operation that was sent (`setzonesettings` …). */
  operation: string;
  /** The record (the keypad for group 1, else the member). */
  record: number;
  /** Every field the write changed on the panel, old → new. */
  changes: AuditChange[];
}

/** What the list answers (`getPanelQueue`'s filters, checked by Prism against the contract). */
export interface QueueFilter {
  devId?: number;
  states?: readonly QueueState[];
  /** Only writes finished (or conflicted) at or after this time (ms). */
  since?: number;
}

export interface PanelQueueOptions {
  contract: Contract;
  simulator: CommandSink;
  settings: SettingsStore;
  /** A panel's time to answer a write (default QUEUE_APPLY_MS). */
  applyMs?: number;
  /** The user type of an account (the audit log's user of a write `loadExamples` queued); 0 by default. */
  userType?: (userId: number) => number | undefined;
  /** Start with the contract's example queue (`loadExamples`), and have it back after each `reset`. */
  examples?: boolean;
}

/** A write as the queue keeps it. */
interface Stored {
  item: QueueItem;
  /** The body sent to the panel: the group's write, with its panel password (never answered back). */
  write: Fields;
  user: QueueUser;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

const actorOf = (user: QueueUser): QueueActor => ({ id: user.id, name: user.name });

export class PanelQueue {
  private stored: Stored[] = [];
  private lastId = 0;
  /** The first item of each `<user id> <Idempotency-Key>`. */
  private readonly keys = new Map<string, number>();
  /** A panel's next look at its queue, already planned. */
  private readonly planned = new Map<number, NodeJS.Timeout>();
  /** The write a panel is answering, and the timer of its answer. */
  private readonly applying = new Map<number, { stored: Stored; timer: NodeJS.Timeout }>();
  private readonly appliedListeners = new Set<(applied: AppliedWrite) => void>();
  private readonly writeOperations = new Map<number, Operation>();
  private readonly schemas: ContractSchemas;
  private readonly applyMs: number;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: PanelQueueOptions) {
    this.schemas = new ContractSchemas(options.contract);
    this.applyMs = options.applyMs ?? QUEUE_APPLY_MS;
    if (options.examples) this.loadExamples();
    for (const operation of options.contract.operations) {
      const group = settingsGroupOf(operation);
      if (group !== undefined) this.writeOperations.set(group, operation);
    }
    this.unsubscribe =
      options.simulator.onConnectionChange?.((devId, connected) =>
        connected ? this.plan(devId) : this.connectionLost(devId),
      ) ?? (() => undefined);
  }

  /** Calls `listener` with every write applied; → a function that stops the calls. */
  onApplied(listener: (applied: AppliedWrite) => void): () => void {
    this.appliedListeners.add(listener);
    return () => void this.appliedListeners.delete(listener);
  }

  /**
   * Why a write may not be queued (`QueueWriteInput`, already valid against its own schema), or undefined: a
   * `write` its group's write operation would refuse, a `dev_id` other than the write's, a `before` naming a field
   * the write does not carry (or an envelope field), a `before` that changes nothing.
   */
  checkWrite(input: Fields): string | undefined {
    const write = input.write;
    if (!isObject(write)) return '`write` must be the settings write body';
    const operation = this.writeOperations.get(idValue(write.group));
    if (!operation) return `No settings write for group ${String(write.group)}`;
    if (idValue(input.dev_id) !== idValue(write.dev_id)) return '`dev_id` differs from `write.dev_id`';
    const refused = this.schemas.requestBody(operation)(write);
    if (refused) return `The ${operation.operationId} body is refused: ${refused}`;
    const before = isObject(input.before) ? input.before : {};
    for (const field of Object.keys(before)) {
      if (ENVELOPE_FIELDS.includes(field) || !(field in write)) return `\`before\` names ${field}, not in the write`;
    }
    if (Object.keys(before).every((field) => same(before[field], write[field]))) {
      return '`before` changes nothing';
    }
    return undefined;
  }

  /** The item a user queued before with an Idempotency-Key, if any. */
  byKey(userId: number, key: string): QueueItem | undefined {
    const id = this.keys.get(`${userId} ${key}`);
    return id === undefined ? undefined : this.get(id);
  }

  /**
   * Queues a write (`checkWrite` passed) by `user`: → the item and whether it was queued now (false: the same key
   * queued it before, nothing queued again). A write to a connected panel is applied at once.
   */
  queue(input: Fields, user: QueueUser, key: string): { item: QueueItem; created: boolean } {
    const first = this.byKey(user.id, key);
    if (first) return { item: first, created: false };
    const write = structuredClone(input.write) as Fields;
    const before = input.before as Fields;
    const changes = Object.keys(before)
      .filter((field) => !same(before[field], write[field]))
      .map((field) => ({ field, before: before[field], queued: write[field] }));
    const item: QueueItem = {
      id: ++this.lastId,
      dev_id: idValue(write.dev_id),
      group: idValue(write.group),
      member: idValue(write.member ?? 0),
      list_id: idValue(write.list_id ?? 0),
      action: input.action === 'template_apply' ? 'template_apply' : 'settings_write',
      state: 'queued',
      changes,
      queued_by: actorOf(user),
      queued_at: new Date().toISOString(),
      resolved_by: null,
      finished_at: null,
      panel_answer: null,
    };
    this.stored.push({ item, write, user });
    this.keys.set(`${user.id} ${key}`, item.id);
    this.plan(item.dev_id);
    return { item: structuredClone(item), created: true };
  }

  /** An item as it is now (a copy), or undefined. */
  get(id: number): QueueItem | undefined {
    const found = this.find(id);
    return found && structuredClone(found.item);
  }

  /** Cancels a `queued` or `conflicted` write (else it stays as it is): → the item as it is now. */
  cancel(id: number, user: QueueUser): QueueItem | undefined {
    const found = this.find(id);
    if (!found) return undefined;
    if (CANCELLABLE.includes(found.item.state)) {
      Object.assign(found.item, {
        state: 'cancelled',
        finished_at: new Date().toISOString(),
        resolved_by: actorOf(user),
      });
      // The writes of the same record held behind it go on.
      this.plan(found.item.dev_id);
    }
    return structuredClone(found.item);
  }

  /**
   * Why a person's choice for a write may not be taken (undefined when it may): `values` must name exactly the
   * write's fields, and the write with them must be valid for the group's write operation.
   */
  checkResolve(id: number, values: Fields): string | undefined {
    const found = this.find(id);
    if (!found) return `No queued write ${id}`;
    const fields = found.item.changes.map((change) => change.field);
    const named = Object.keys(values);
    if (named.length !== fields.length || !named.every((field) => fields.includes(field))) {
      return `\`values\` must name exactly the write's fields: ${fields.join(', ')}`;
    }
    const operation = this.writeOperations.get(found.item.group)!;
    const refused = this.schemas.requestBody(operation)({ ...found.write, ...values });
    return refused && `The ${operation.operationId} body is refused: ${refused}`;
  }

  /**
   * A person's choice for a `conflicted` write (`checkResolve` passed): the chosen values are queued with the
   * panel's values then as their before, at the write's place (applied at once while the panel is connected).
   * → the item as it is now (unchanged when it is no longer conflicted).
   */
  resolve(id: number, values: Fields, user: QueueUser): QueueItem | undefined {
    const found = this.find(id);
    if (!found) return undefined;
    if (found.item.state !== 'conflicted') return structuredClone(found.item);
    Object.assign(found.write, values);
    Object.assign(found.item, {
      state: 'queued',
      changes: found.item.changes.map(({ field, now }) => ({ field, before: now, queued: values[field] })),
      resolved_by: actorOf(user),
      finished_at: null,
      panel_answer: null,
    });
    this.plan(found.item.dev_id);
    return structuredClone(found.item);
  }

  /**
   * The items that match the filter and that `visible` (by panel) lets the caller see, oldest first, paged by
   * `limit` and `offset` with `list_info` over all that match.
   */
  list(filter: QueueFilter, visible: (devId: number) => boolean, limit = DEFAULT_LIMIT, offset = 0) {
    const matching = this.stored
      .map(({ item }) => item)
      .filter((item) => {
        if (filter.devId !== undefined && item.dev_id !== filter.devId) return false;
        if (filter.states && !filter.states.includes(item.state)) return false;
        if (filter.since !== undefined && (item.finished_at === null || Date.parse(item.finished_at) < filter.since)) {
          return false;
        }
        return visible(item.dev_id);
      });
    return structuredClone(pageOf(matching, { limit, offset }));
  }

  /** Each panel `visible` lets the caller see with writes queued or applying, or conflicted: how many. */
  summary(visible: (devId: number) => boolean): { dev_id: number; queued: number; conflicted: number }[] {
    const counts = new Map<number, { dev_id: number; queued: number; conflicted: number }>();
    for (const { item } of this.stored) {
      const waiting = item.state === 'queued' || item.state === 'applying';
      if ((!waiting && item.state !== 'conflicted') || !visible(item.dev_id)) continue;
      const count = counts.get(item.dev_id) ?? { dev_id: item.dev_id, queued: 0, conflicted: 0 };
      if (waiting) count.queued += 1;
      else count.conflicted += 1;
      counts.set(item.dev_id, count);
    }
    return [...counts.values()];
  }

  /**
   * The mock control `panels/settings`: someone at a panel's keypad sets fields of a record of the panel's own (the
   * server's known copy does not change). The panel must exist (`exists`); → 400 with why for a body that is not
   * `{ dev_id, group, member?, list_id?, values }`, a group without a write, a field the record does not have, or a
   * record the group's write schema refuses; else the record as it is now.
   */
  changeAtKeypad(body: unknown, exists: (devId: number) => boolean): { status: 200 | 400; body: Fields } {
    const refuse = (message: string) => ({ status: 400 as const, body: { message } });
    if (!isObject(body)) return refuse('The body must be JSON: { dev_id, group, member?, list_id?, values }');
    const { dev_id: devId, group, member = 0, list_id: listId = 0, values } = body;
    if (!isWhole(devId) || !exists(devId)) return refuse(`No panel ${String(devId)}`);
    const operation = isWhole(group) ? this.writeOperations.get(group) : undefined;
    if (!operation || !isWhole(group)) return refuse(`No settings group ${String(group)}`);
    if (!isWhole(member) || member < 0 || !isWhole(listId) || listId < 0) {
      return refuse('`member` and `list_id` must be whole numbers from 0');
    }
    if (!isObject(values) || Object.keys(values).length === 0) return refuse('`values` must name fields and values');
    const envelope = { dev_id: devId, group, member, list_id: listId };
    const record = recordOf(envelope);
    const current = this.options.settings.current(devId, group, record);
    if (!current) return refuse(`No record ${record} of group ${group}`);
    const unknown = Object.keys(values).filter((field) => ENVELOPE_FIELDS.includes(field) || !(field in current));
    if (unknown.length) return refuse(`Group ${group} has no field ${unknown.join(', ')}`);
    const write = { ...current, ...values, ...envelope, command: 'SET', user_pass: PANEL_PASSWORDS[0], offset: 0 };
    const refused = this.schemas.requestBody(operation)(write);
    if (refused) return refuse(`Refused by the ${operation.operationId} schema: ${refused}`);
    this.options.settings.write({ ...envelope, ...values });
    return { status: 200, body: { ...envelope, data: this.options.settings.current(devId, group, record) ?? {} } };
  }

  /**
   * Queues the writes of the contract's example queue (`getPanelQueue`'s `default` answer: write 7 applied, write 8
   * conflicted, on panel 1) as they are there: the mock is the contract's example installation, and the examples of
   * cancelling and resolving name write 8 (`examples`: `npm start` and `npm run mock` start with them; the browser
   * tests' stacks start empty, `--empty-queue`). Each write's body is the record as the panel holds it with the
   * queued values, sent with the installer's panel password.
   */
  loadExamples(): void {
    const operation = this.options.contract.byId('getPanelQueue');
    const value = this.options.contract.responseExamples(operation).get('default')?.example.value;
    const items = isObject(value) && Array.isArray(value.data) ? (value.data as unknown as QueueItem[]) : [];
    for (const example of items) {
      const item = structuredClone(example);
      const envelope = { dev_id: item.dev_id, command: 'SET', group: item.group, member: item.member };
      const withList = { ...envelope, list_id: item.list_id, user_pass: PANEL_PASSWORDS[0], offset: 0 };
      const record = this.options.settings.current(item.dev_id, item.group, recordOf(withList)) ?? {};
      const queued = Object.fromEntries(item.changes.map((change) => [change.field, change.queued]));
      const type = this.options.userType?.(item.queued_by.id);
      const user: QueueUser = {
        ...item.queued_by,
        user_type: (type === 1 || type === 2 ? type : 0) as QueueUser['user_type'],
      };
      this.stored.push({ item, write: { ...record, ...queued, ...withList }, user });
      this.lastId = Math.max(this.lastId, item.id);
    }
    this.stored.sort((a, b) => a.item.id - b.item.id);
  }

  /** Forgets every write, key and known copy (the mock's `areas/reset`); the example queue is back if it started so. */
  reset(): void {
    this.clearTimers();
    this.stored = [];
    this.lastId = 0;
    this.keys.clear();
    this.options.settings.clearKnown();
    if (this.options.examples) this.loadExamples();
  }

  /** Stops every timer and listens to the panels no more (the stack stops). */
  stop(): void {
    this.clearTimers();
    this.unsubscribe();
  }

  private clearTimers(): void {
    for (const timer of this.planned.values()) clearTimeout(timer);
    for (const { timer } of this.applying.values()) clearTimeout(timer);
    this.planned.clear();
    this.applying.clear();
  }

  private find(id: number): Stored | undefined {
    return this.stored.find(({ item }) => item.id === id);
  }

  /** Looks at a connected panel's queue right after this (its state published, the answer to a call sent). */
  private plan(devId: number): void {
    if (this.planned.has(devId) || !this.options.simulator.isConnected(devId)) return;
    const timer = setTimeout(() => {
      this.planned.delete(devId);
      this.next(devId);
    }, 0);
    this.planned.set(devId, timer);
  }

  /** Whether a write waits behind a conflicted, earlier write of the same record. */
  private held({ item }: Stored): boolean {
    return this.stored.some(
      (other) =>
        other.item.id < item.id &&
        other.item.dev_id === item.dev_id &&
        other.item.group === item.group &&
        other.item.member === item.member &&
        other.item.list_id === item.list_id &&
        other.item.state === 'conflicted',
    );
  }

  /** Applies the panel's next write that may go (oldest first), marking the conflicts found on the way. */
  private next(devId: number): void {
    const { simulator, settings } = this.options;
    if (!simulator.isConnected(devId) || this.applying.has(devId)) return;
    for (const stored of this.stored) {
      const { item, write } = stored;
      if (item.dev_id !== devId || item.state !== 'queued' || this.held(stored)) continue;
      // The server reads the record from the panel: that is its known copy now.
      const record = recordOf(write);
      const now = settings.current(devId, item.group, record);
      if (now) settings.know(devId, item.group, record, now);
      item.changes = item.changes.map((change) => ({ ...change, now: now?.[change.field] }));
      if (item.changes.some((change) => !same(change.now, change.before))) {
        Object.assign(item, { state: 'conflicted', finished_at: new Date().toISOString() });
        continue;
      }
      item.state = 'applying';
      const timer = setTimeout(() => {
        this.applying.delete(devId);
        this.answered(stored);
        this.next(devId);
      }, this.applyMs);
      this.applying.set(devId, { stored, timer });
      return;
    }
  }

  /** The panel answered a write sent to it: applied when it took it and the record read back holds it. */
  private answered({ item, write, user }: Stored): void {
    const { simulator, settings } = this.options;
    const operation = this.writeOperations.get(item.group)!;
    const answers = this.options.contract.responseExamples(operation);
    const answer = (name: string, fallback: CommandResult): CommandResult =>
      (answers.get(name)?.example.value as CommandResult | undefined) ?? fallback;
    const finish = (state: QueueState, panelAnswer: CommandResult) =>
      Object.assign(item, { state, panel_answer: panelAnswer, finished_at: new Date().toISOString() });
    if (!simulator.isConnected(item.dev_id)) return void finish('failed', settings.notConnected() as CommandResult);
    if (!simulator.isPanelPassword(item.dev_id, String(write.user_pass ?? ''))) {
      return void finish('failed', answer('panel-error', { Err: 3 }));
    }
    // The record as read with the changed fields set (settings.write keeps the fields the body does not carry).
    const record = recordOf(write);
    const before = settings.current(item.dev_id, item.group, record);
    const envelope = Object.fromEntries(
      ENVELOPE_FIELDS.filter((name) => name in write).map((name) => [name, write[name]]),
    );
    const queued = Object.fromEntries(item.changes.map((change) => [change.field, change.queued]));
    settings.write({ ...envelope, ...queued });
    const after = settings.current(item.dev_id, item.group, record) ?? {};
    settings.know(item.dev_id, item.group, record, after);
    const success = answer('success', { Err: 0, status: 'Success' });
    if (!item.changes.every((change) => same(after[change.field], change.queued))) {
      return void finish('failed', success);
    }
    finish('applied', success);
    const applied: AppliedWrite = {
      item: structuredClone(item),
      user,
      operation: operation.operationId,
      record,
      changes: changedFields(before, queued),
    };
    for (const listener of this.appliedListeners) listener(applied);
  }

  /** A panel lost its connection: the write it was answering fails with the panel error, never sent again. */
  private connectionLost(devId: number): void {
    const applying = this.applying.get(devId);
    if (!applying) return;
    clearTimeout(applying.timer);
    this.applying.delete(devId);
    Object.assign(applying.stored.item, {
      state: 'failed',
      panel_answer: this.options.settings.notConnected(),
      finished_at: new Date().toISOString(),
    });
  }
}
