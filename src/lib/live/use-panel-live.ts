import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import type { PanelLiveUpdate } from '@generated/live/types.ts';
import type { LiveStore } from './live-store.ts';

export const LiveStoreContext = createContext<LiveStore | null>(null);

/** The live state of one panel; re-renders only when a message for this panel arrives. */
export function usePanelLive(devId: number): PanelLiveUpdate | undefined {
  const store = useContext(LiveStoreContext);
  useEffect(() => (store ? store.watch(devId) : undefined), [store, devId]);
  const subscribe = useCallback(
    (listener: () => void) => (store ? store.listen(devId, listener) : () => undefined),
    [store, devId],
  );
  const snapshot = useCallback(() => store?.get(devId), [store, devId]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
