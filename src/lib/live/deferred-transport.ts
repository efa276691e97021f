/**
 * A transport whose client loads after the page has painted (a small chunk now that the console speaks MQTT itself,
 * still off the first paint's path): the panel list draws from its loaded data first and its live chip says
 * "connecting" while the client loads; what the store asks in the meantime (the message and status handlers,
 * subscriptions, a new token) is kept in order and handed over when it is there.
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
  const statusHandlers: Parameters<MqttTransport['onStatus']>[0][] = [];
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
    (error: unknown) => {
      // Without a client there is no connection to wait for: the live chip says so instead of "connecting".
      const detail = error instanceof Error ? error.message : String(error);
      for (const handler of statusHandlers) handler({ status: 'error', detail });
      onLoadError(error);
    },
  );
  return {
    subscribe: (topics) =>
      ready
        ? ready.subscribe(topics)
        : new Promise((resolve, reject) => run((transport) => transport.subscribe(topics).then(resolve, reject))),
    unsubscribe: (topics) => run((transport) => transport.unsubscribe(topics)),
    onMessage: (handler) => run((transport) => transport.onMessage(handler)),
    onStatus: (handler) => {
      statusHandlers.push(handler);
      run((transport) => transport.onStatus(handler));
    },
    reauthenticate: (password) => run((transport) => transport.reauthenticate(password)),
    end: () => {
      ended = true;
      pending.length = 0;
      ready?.end();
    },
  };
}
