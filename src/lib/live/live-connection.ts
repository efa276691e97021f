/**
 * The console's one live-feed connection, opened the first time a page shows live panels and shared by
 * every page after that (subscriptions are per panel, reference counted by the store).
 */
import { brokerWebSocketUrl } from '../config/config.ts';
import { runtimeConfig } from '../config/runtime.ts';
import { getAccessToken, subscribeSession } from '../session/session.ts';
import { playSound } from '../sound/sounds.ts';
import { LiveStore } from './live-store.ts';
import type { LiveStatus } from './live-types.ts';
import { createDeferredTransport } from './deferred-transport.ts';

export type { LiveStatus } from './live-types.ts';

let store: LiveStore | undefined;
/** Listeners of liveStatus (they may come before the store exists). */
const statusListeners = new Set<() => void>();

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
          }),
        ),
      // The store hears of it through the transport's status (error); nothing more to do here.
      () => undefined,
    );
    subscribeSession(() => {
      const token = getAccessToken();
      if (token) transport.reauthenticate(token);
    });
    // A panel armed on the feed (from its keypad, another console, a schedule) is heard, once per frame.
    store = new LiveStore(transport, config.liveTopicTemplate, { onArmed: () => playSound('arm') });
    store.listenStatus(() => {
      for (const listener of statusListeners) listener();
    });
  }
  return store;
}

/** The connection's status outside React (the hooks of use-live.ts are the usual way). */
export const liveStatus = {
  get: (): LiveStatus => store?.getStatus() ?? 'connecting',
  subscribe(listener: () => void): () => void {
    statusListeners.add(listener);
    return () => void statusListeners.delete(listener);
  },
};
