/**
 * The counts of the programming queue per panel (getPanelQueueSummary), as the shell's queue watch last read them:
 * the panel list and the panel detail show them. A small store outside React, so reading a count costs a page
 * nothing; the watch itself (its polling, its notifications) loads with the signed-in frame, after its first paint
 * (src/app/queue/). It imports nothing, so it costs no page a chunk of its own dependencies. `requestQueueCheck` asks the watch to read at once (a write was just queued or cancelled).
 */
import type { QueueCount, QueueItem } from '@generated/api/types.gen.ts';

let counts = new Map<number, QueueCount>();
const listeners = new Set<() => void>();
type Followed = Pick<QueueItem, 'id' | 'state'>;
const checkListeners = new Set<(item?: Followed) => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

/** The counts the last summary read answered (panels with nothing waiting are not in it). */
export function setQueueCounts(list: readonly QueueCount[]): void {
  const next = new Map(list.map((count) => [count.dev_id, count]));
  const same =
    next.size === counts.size &&
    [...next].every(([devId, count]) => {
      const old = counts.get(devId);
      return old?.queued === count.queued && old.conflicted === count.conflicted;
    });
  if (same) return;
  counts = next;
  emit();
}

export const queueCounts = (): ReadonlyMap<number, QueueCount> => counts;

/** Whether any panel has writes waiting (the watch then reads more often). */
export const anyQueued = (): boolean => counts.size > 0;

export const subscribeQueueCounts = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** One panel's count, or undefined when nothing waits for it (read with `useSyncExternalStore`). */
export const queueCountOf = (devId: number): QueueCount | undefined => counts.get(devId);

/**
 * Asks the watch to read the queue now: a write was just queued, resolved or cancelled in this tab (`item`, the
 * write as the server answered it, is followed from now on so its outcome is told).
 */
export function requestQueueCheck(item?: Followed): void {
  for (const listener of checkListeners) listener(item);
}

export const listenQueueChecks = (listener: (item?: Followed) => void): (() => void) => {
  checkListeners.add(listener);
  return () => void checkListeners.delete(listener);
};
