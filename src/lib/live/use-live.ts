/**
 * React's view of the live store: one panel's state, the connection's status and the feed's diagnostics. Each hook
 * re-renders only when its own part changes (a message re-renders its panel, once per frame).
 */
import { useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import { LiveStoreContext } from './live-context.ts';
import type { LiveDiagnostics, LivePanel, LiveStatus } from './live-types.ts';

export { LiveStoreContext } from './live-context.ts';
export type { LiveDiagnostics, LivePanel, LiveStatus } from './live-types.ts';

const noop = () => undefined;
const never = () => noop;

/** The live state of one panel and when it last changed; mounting watches (subscribes) the panel. */
export function usePanelLive(devId: number): LivePanel | undefined {
  const store = useContext(LiveStoreContext);
  useEffect(() => (store ? store.watch(devId) : undefined), [store, devId]);
  const subscribe = useCallback(
    (listener: () => void) => (store ? store.listen(devId, listener) : noop),
    [store, devId],
  );
  const snapshot = useCallback(() => store?.get(devId), [store, devId]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

const CONNECTING = (): LiveStatus => 'connecting';

/** The live feed's connection: connecting, connected, offline (retrying) or error (retrying). */
export function useLiveStatus(): LiveStatus {
  const store = useContext(LiveStoreContext);
  return useSyncExternalStore(
    store?.listenStatus ?? never,
    store?.getStatus ?? CONNECTING,
    store?.getStatus ?? CONNECTING,
  );
}

const EMPTY: LiveDiagnostics = {
  accepted: 0,
  invalid: 0,
  oversized: 0,
  mismatched: 0,
  subscribed: 0,
  pending: 0,
  reconnects: 0,
};
const empty = () => EMPTY;

/** What the feed accepted and dropped, what is subscribed, and when the next reconnect comes. */
export function useLiveDiagnostics(): LiveDiagnostics {
  const store = useContext(LiveStoreContext);
  return useSyncExternalStore(
    store?.listenDiagnostics ?? never,
    store?.getDiagnostics ?? empty,
    store?.getDiagnostics ?? empty,
  );
}
