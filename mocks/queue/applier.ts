/**
 * The panels' side of the programming queue: when a panel connects (the simulator's `onConnectionChange`, right
 * after its state was published), and at once for a write queued, resolved or unblocked while it is connected, its
 * writes are applied oldest first, one at a time. The record is read from the panel (the settings store's panel copy;
 * the read makes the server's known copy); a changed field whose value differs from its `before` makes the write
 * `conflicted` (with `now`), and the later writes of the same record (group, member, list_id) wait behind it;
 * otherwise the write becomes `applying`, the panel answers it after `applyMs` (its password refused: Err 3, the
 * write's `panel-error`; else the changed fields are written over the panel's record, which is read back: `applied`
 * when it holds the queued values, the known copy being that record). A panel that disconnects while a write is
 * applying fails it with the panel error (Err 5); it is never sent again by itself. An applied write is told to
 * `onApplied` (the audit area records it as the user who queued it).
 */
import type { CommandResult, QueueState } from '@generated/api/types.gen.ts';
import type { Operation } from '../contract.ts';
import { changedFields } from '../db/audit-log.ts';
import { ENVELOPE_FIELDS, recordOf } from '../db/settings-store.ts';
import { QUEUE_APPLY_MS, same, type AppliedWrite, type PanelQueueOptions, type Stored } from './types.ts';

export class QueueApplier {
  /** A panel's next look at its queue, already planned. */
  private readonly planned = new Map<number, NodeJS.Timeout>();
  /** The write a panel is answering, and the timer of its answer. */
  private readonly applying = new Map<number, { stored: Stored; timer: NodeJS.Timeout }>();
  private readonly appliedListeners = new Set<(applied: AppliedWrite) => void>();
  private readonly applyMs: number;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly options: PanelQueueOptions,
    /** Each settings group's write operation. */
    private readonly writeOperations: ReadonlyMap<number, Operation>,
    /** The queue's writes, oldest first. */
    private readonly stored: () => readonly Stored[],
  ) {
    this.applyMs = options.applyMs ?? QUEUE_APPLY_MS;
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

  /** Looks at a connected panel's queue right after this (its state published, the answer to a call sent). */
  plan(devId: number): void {
    if (this.planned.has(devId) || !this.options.simulator.isConnected(devId)) return;
    const timer = setTimeout(() => {
      this.planned.delete(devId);
      this.next(devId);
    }, 0);
    this.planned.set(devId, timer);
  }

  /** Forgets every planned look and every write being answered. */
  clearTimers(): void {
    for (const timer of this.planned.values()) clearTimeout(timer);
    for (const { timer } of this.applying.values()) clearTimeout(timer);
    this.planned.clear();
    this.applying.clear();
  }

  /** Stops every timer and listens to the panels no more (the stack stops). */
  stop(): void {
    this.clearTimers();
    this.unsubscribe();
  }

  /** Whether a write waits behind a conflicted, earlier write of the same record. */
  private held({ item }: Stored): boolean {
    return this.stored().some(
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
    for (const stored of this.stored()) {
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
