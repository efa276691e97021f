/**
 * The console's one live-feed connection, opened the first time a page shows live panels and shared by
 * every page after that (subscriptions are per panel, reference counted by the store).
 */
import { brokerWebSocketUrl } from '../config/config.ts';
import { runtimeConfig } from '../config/runtime.ts';
import { getAccessToken, subscribeSession } from '../session/session.ts';
import { LiveStore } from './live-store.ts';
import { createDeferredTransport } from './deferred-transport.ts';

export type LiveStatus = 'connecting' | 'connected' | 'offline' | 'error';

let store: LiveStore | undefined;
let status: LiveStatus = 'connecting';
const statusListeners = new Set<() => void>();

const setStatus = (next: LiveStatus) => {
  status = next;
  for (const listener of statusListeners) listener();
};

export function liveStore(): LiveStore {
  if (!store) {
    const config = runtimeConfig();
    // The broker knows the user by their access token (config.json holds no broker password); a refreshed token
    // signs the connection in again, so the broker's grant follows the session.
    // The MQTT client loads after the page's first paint (see deferred-transport.ts).
    const transport = createDeferredTransport(
      () =>
        import('./mqtt-transport.ts').then(({ createMqttTransport }) =>
          createMqttTransport({
            url: brokerWebSocketUrl(config, window.location),
            username: config.brokerUsername,
            password: getAccessToken() ?? '',
            onStatus: setStatus,
          }),
        ),
      () => setStatus('error'),
    );
    subscribeSession(() => {
      const token = getAccessToken();
      if (token) transport.reauthenticate(token);
    });
    store = new LiveStore(transport, config.liveTopicTemplate);
  }
  return store;
}

export const liveStatus = {
  get: (): LiveStatus => status,
  subscribe(listener: () => void): () => void {
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  },
};
