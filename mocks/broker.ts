/**
 * The development MQTT broker: aedes over a websocket on loopback. It authorises as a production broker must,
 * because anything the console holds is public:
 *  - a console connection signs in with the configured username and the user's access token as password; the
 *    token's claims are read without checking the signature (as the mock API does) and must not be expired;
 *  - a console user may subscribe only to the exact topics of their own panels: no wildcard (`#`, `+`), no
 *    other panel, and never publish (panel states come from the panels' side only);
 *  - server-side services (the panel simulator) sign in with a credential made at start and may publish.
 */
import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { tokenClaims } from './front.ts';

export interface BrokerCredential {
  username: string;
  password: string;
}

export interface BrokerOptions {
  port: number;
  /** Username of console connections (config.json `brokerUsername`); their password is an access token. */
  consoleUsername: string;
  /** The exact topics a console user may subscribe to, given their (unexpired) access token. */
  topicsFor(accessToken: string): Iterable<string>;
  /** Server-side publishers (never written to any config file). */
  services?: BrokerCredential[];
}

export interface RunningBroker {
  broker: Aedes;
  url: string;
  /** Publishes from inside the broker (as the panels' side does), retained. */
  publish(topic: string, payload: unknown): Promise<void>;
  stop(): Promise<void>;
}

type Grant = { kind: 'service' } | { kind: 'console'; topics: Set<string> };

const BAD_CREDENTIALS = 4;
const NOT_AUTHORIZED = 5;

const refuse = (code: number, message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;

const samePassword = (given: string, expected: string): boolean =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** The grant of a connection, or why it is refused. */
function grantFor(options: BrokerOptions, username: string | undefined, password: string): Grant | AuthenticateError {
  const service = options.services?.find((candidate) => candidate.username === username);
  if (service) {
    return samePassword(password, service.password) ? { kind: 'service' } : refuse(BAD_CREDENTIALS, 'Bad password');
  }
  if (username !== options.consoleUsername) return refuse(BAD_CREDENTIALS, 'Bad username or password');
  const claims = tokenClaims(password);
  if (typeof claims.Username !== 'string') return refuse(BAD_CREDENTIALS, 'The password is not an access token');
  if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) {
    return refuse(NOT_AUTHORIZED, 'The access token has expired');
  }
  return { kind: 'console', topics: new Set(options.topicsFor(password)) };
}

export async function startBroker(options: BrokerOptions): Promise<RunningBroker> {
  const broker = await Aedes.createBroker();
  const grants = new WeakMap<Client, Grant>();
  broker.authenticate = (client, username, password, done) => {
    const grant = grantFor(options, username, password?.toString() ?? '');
    if (grant instanceof Error) return done(grant, false);
    grants.set(client, grant);
    return done(null, true);
  };
  // A refused subscription is answered with the failure code (0x80); the connection stays up.
  broker.authorizeSubscribe = (client, subscription, callback) => {
    const grant = grants.get(client);
    if (grant?.kind === 'service') return callback(null, subscription);
    const allowed = grant?.kind === 'console' && grant.topics.has(subscription.topic);
    return callback(null, allowed ? subscription : null);
  };
  // Publishing is for services and the broker itself (client null); a console client that tries is disconnected.
  broker.authorizePublish = (client, _packet, callback) => {
    if (client === null || grants.get(client)?.kind === 'service') return callback(null);
    return callback(new Error('Console users may not publish'));
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
