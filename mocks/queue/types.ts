/** What the programming queue's parts share (mocks/queue/panel-queue.ts says what the queue does). */
import type { AuditChange, AuditEntry, QueueItem, QueueState } from '@generated/api/types.gen.ts';
import type { CommandSink } from '../command-sink.ts';
import type { Contract } from '../contract.ts';
import type { SettingsStore } from '../db/settings-store.ts';

export type Fields = Record<string, unknown>;

/** How long a panel takes to answer a queued write in the mock: how long the write stays `applying`. */
export const QUEUE_APPLY_MS = 200;

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
export interface Stored {
  item: QueueItem;
  /** The body sent to the panel: the group's write, with its panel password (never answered back). */
  write: Fields;
  user: QueueUser;
}

export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
