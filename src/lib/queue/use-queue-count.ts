import { useCallback, useSyncExternalStore } from 'react';
import type { QueueCount } from '@generated/api/types.gen.ts';
import { queueCountOf, subscribeQueueCounts } from './queue-counts.ts';

/** One panel's count of the programming queue, or undefined when nothing waits for it. */
export function useQueueCount(devId: number): QueueCount | undefined {
  const snapshot = useCallback(() => queueCountOf(devId), [devId]);
  return useSyncExternalStore(subscribeQueueCounts, snapshot, snapshot);
}
