/**
 * A transport whose client loads after the page has painted. mqtt.js is about 95 kB gzip: the panel list draws
 * from its loaded data first and its live chip says "connecting" while the client loads; what the store asks in the
 * meantime (subscriptions, the message handler, a new token) is kept in order and handed over when it is there.
 */
import type { MqttTransport } from './mqtt-transport.ts';

type Pending = (transport: MqttTransport) => void;

export function createDeferredTransport(
  load: () => Promise<MqttTransport>,
  onLoadError: (error: unknown) => void,
): MqttTransport {
  let ready: MqttTransport | undefined;
  let ended = false;
  const pending: Pending[] = [];
  const run = (operation: Pending) => {
    if (ready) operation(ready);
    else pending.push(operation);
  };
  load().then(
    (transport) => {
      if (ended) {
        transport.end();
        return;
      }
      ready = transport;
      for (const operation of pending.splice(0)) operation(transport);
    },
    (error: unknown) => onLoadError(error),
  );
  return {
    subscribe: (topics) => run((transport) => transport.subscribe(topics)),
    unsubscribe: (topics) => run((transport) => transport.unsubscribe(topics)),
    onMessage: (handler) => run((transport) => transport.onMessage(handler)),
    reauthenticate: (password) => run((transport) => transport.reauthenticate(password)),
    end: () => {
      ended = true;
      pending.length = 0;
      ready?.end();
    },
  };
}
