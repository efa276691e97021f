import { useEffect, useState, type ReactNode } from 'react';
import { LiveStore } from '../../lib/live/live-store.ts';
import { createMqttTransport } from '../../lib/live/mqtt-transport.ts';
import { LiveStoreContext } from '../../lib/live/use-panel-live.ts';
import { brokerWebSocketUrl } from '../../lib/config/config.ts';
import { runtimeConfig } from '../../lib/config/runtime.ts';

export type LiveStatus = 'connecting' | 'connected' | 'offline' | 'error';

/** Connects to the live feed for the pages below it, and disconnects when they unmount. */
export function LiveProvider({ children, onStatus }: { children: ReactNode; onStatus?: (status: LiveStatus) => void }) {
  const [store, setStore] = useState<LiveStore | null>(null);
  useEffect(() => {
    const config = runtimeConfig();
    onStatus?.('connecting');
    const transport = createMqttTransport({
      url: brokerWebSocketUrl(config, window.location),
      username: config.brokerUsername,
      password: config.brokerPassword,
      onStatus: (status) => onStatus?.(status),
    });
    const live = new LiveStore(transport, config.liveTopicTemplate);
    setStore(live);
    return () => live.close();
  }, [onStatus]);
  return <LiveStoreContext.Provider value={store}>{children}</LiveStoreContext.Provider>;
}
