// Over 200 lines: the queue's one store of writes with the calls on it (queue, cancel, resolve, list), each short.
/**
 * The mock's programming queue (the proposed calls of openapi/paths/queue.yaml): settings writes kept for a panel
 * until it connects, applied as the contract's descriptions ask the backend to. The queue area
 * (mocks/areas/panel-queue.ts) serves the calls; this module keeps the writes, its applier (applier.ts) applies
 * them when their panel is connected.
 *
 * - A write is queued with the exact body of the group's write operation (`write`, with the panel password), checked
 *   against that operation's request schema (mocks/contract-schemas.ts), and what the review showed as before; its
 *   `changes` are the fields of `before` whose queued value differs (a `before` field equal to it is left out). The
 *   fields a write does not change keep the panel's values (the contract's rule: the rest of the queued body is the
 *   form's copy of the record, perhaps older than a keypad change or an earlier write).
 * - `changeAtKeypad` is the mock control `panels/settings` (keypad.ts).
 * Everything lives in memory until `reset` (the mock's `areas/reset`, which also forgets the known copies).
 */
import type { QueueActor, QueueItem, QueueState } from '@generated/api/types.gen.ts';
import type { Operation } from '../contract.ts';
import { ContractSchemas } from '../contract-schemas.ts';
import { DEFAULT_LIMIT, pageOf } from '../db/paging.ts';
import { ENVELOPE_FIELDS, settingsGroupOf } from '../db/settings-store.ts';
import { idValue } from '../ids.ts';
import { QueueApplier } from './applier.ts';
import { exampleQueue } from './examples.ts';
import { changeAtKeypad } from './keypad.ts';
import {
  isObject,
  same,
  type AppliedWrite,
  type Fields,
  type PanelQueueOptions,
  type QueueFilter,
  type QueueUser,
  type Stored,
} from './types.ts';

export { QUEUE_APPLY_MS, type AppliedWrite, type QueueFilter, type QueueUser } from './types.ts';

/** The states of a write that a person may cancel. */
const CANCELLABLE: readonly QueueState[] = ['queued', 'conflicted'];

const actorOf = (user: QueueUser): QueueActor => ({ id: user.id, name: user.name });

export class PanelQueue {
  private stored: Stored[] = [];
  private lastId = 0;
  /** The first item of each `<user id> <Idempotency-Key>`. */
  private readonly keys = new Map<string, number>();
  private readonly writeOperations = new Map<number, Operation>();
  private readonly schemas: ContractSchemas;
  private readonly applier: QueueApplier;

  constructor(private readonly options: PanelQueueOptions) {
    this.schemas = new ContractSchemas(options.contract);
    if (options.examples) this.loadExamples();
    for (const operation of options.contract.operations) {
      const group = settingsGroupOf(operation);
      if (group !== undefined) this.writeOperations.set(group, operation);
    }
    this.applier = new QueueApplier(options, this.writeOperations, () => this.stored);
  }

  /** Calls `listener` with every write applied; → a function that stops the calls. */
  onApplied(listener: (applied: AppliedWrite) => void): () => void {
    return this.applier.onApplied(listener);
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
    this.applier.plan(item.dev_id);
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
      this.applier.plan(found.item.dev_id);
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
    this.applier.plan(found.item.dev_id);
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

  /** The mock control `panels/settings`: someone at a panel's keypad changes a record of its own (keypad.ts). */
  changeAtKeypad(body: unknown, exists: (devId: number) => boolean): { status: 200 | 400; body: Fields } {
    const { settings } = this.options;
    return changeAtKeypad({ settings, writeOperations: this.writeOperations, schemas: this.schemas }, body, exists);
  }

  /** Queues the writes of the contract's example queue as they are there (examples.ts). */
  loadExamples(): void {
    const examples = exampleQueue(this.options);
    this.stored.push(...examples);
    this.lastId = Math.max(this.lastId, ...examples.map(({ item }) => item.id));
    this.stored.sort((a, b) => a.item.id - b.item.id);
  }

  /** Forgets every write, key and known copy (the mock's `areas/reset`); the example queue is back if it started so. */
  reset(): void {
    this.applier.clearTimers();
    this.stored = [];
    this.lastId = 0;
    this.keys.clear();
    this.options.settings.clearKnown();
    if (this.options.examples) this.loadExamples();
  }

  /** Stops every timer and listens to the panels no more (the stack stops). */
  stop(): void {
    this.applier.stop();
  }

  private find(id: number): Stored | undefined {
    return this.stored.find(({ item }) => item.id === id);
  }
}
