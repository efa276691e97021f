/** The development MQTT broker: aedes over a websocket on loopback, with username/password authentication. */
import { createServer, type Server } from 'node:http';
import { Aedes } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';

export interface BrokerOptions {
  port: number;
  username: string;
  password: string;
}

export interface RunningBroker {
  broker: Aedes;
  url: string;
  publish(topic: string, payload: unknown): Promise<void>;
  stop(): Promise<void>;
}

const BAD_CREDENTIALS = 4;

export async function startBroker(options: BrokerOptions): Promise<RunningBroker> {
  const broker = await Aedes.createBroker();
  broker.authenticate = (_client, username, password, done) => {
    const ok = username === options.username && password?.toString() === options.password;
    if (ok) return done(null, true);
    const error = Object.assign(new Error('Bad username or password'), { returnCode: BAD_CREDENTIALS });
    return done(error, false);
  };
  const server: Server = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('MQTT over WebSocket only\n');
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket, req) => broker.handle(createWebSocketStream(socket), req));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    broker,
    url: `ws://127.0.0.1:${options.port}`,
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(payload)), qos: 0, retain: true, dup: false },
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    stop: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
