/**
 * The development MQTT broker: aedes over a websocket on loopback. It authorises as a production broker must,
 * because anything the console holds is public:
 *  - a console connection signs in with the configured username and the user's access token as password; the
 *    token must be one the server signed (the mock API's check: HS256 with the mock-only secret), with an `exp`
 *    that has not passed, of a session not revoked (a sign-out, an account change: mocks/db/sessions.ts). The token is
 *    checked again at every SUBSCRIBE (refused with 0x80), and a connection whose session is revoked is closed at
 *    once (the stack tells the broker through `onAccessChange`);
 *  - a console user may subscribe only to the exact topics of their own panels: no wildcard (`#`, `+`), no
 *    other panel, and never publish (panel states come from the panels' side only);
 *  - the live feed never outlives the right to see it: a console connection is closed when its token's `exp`
 *    passes (a timer set at connect), and when a panel leaves the user's reach (the mock API's panel links change:
 *    a panel removed or moved); the console reconnects with its token and may subscribe only to what it still
 *    reaches. A panel that joins the user's reach is granted to the open connection at once;
 *  - server-side services (the panel simulator) sign in with a credential made at start and may publish.
 */
import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { verifyMockToken, type TokenCheck } from './tokens.ts';

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
  /**
   * Checks a console connection's access token (the mock's signature and expiry check by default; the stack adds
   * the sessions' revocation): at CONNECT, at every SUBSCRIBE and whenever access changes.
   */
  verifyToken?: (accessToken: string) => TokenCheck;
  /**
   * Tells the broker whenever users' panels or sessions change (→ a function that stops telling): every console
   * connection's token is checked and its topics read again; one refused now, or that lost a topic, is closed.
   */
  onAccessChange?: (listener: () => void) => () => void;
}

export interface RunningBroker {
  broker: Aedes;
  url: string;
  /** Publishes from inside the broker (as the panels' side does), retained. */
  publish(topic: string, payload: unknown): Promise<void>;
  stop(): Promise<void>;
}

type Grant = { kind: 'service' } | { kind: 'console'; token: string; exp?: number; topics: Set<string> };

/** The longest delay a Node timer takes (about 24.8 days); a later expiry is checked again after it. */
const MAX_TIMER_MS = 2_147_483_647;

const BAD_CREDENTIALS = 4;
const NOT_AUTHORIZED = 5;

const refuse = (code: number, message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;

const samePassword = (given: string, expected: string): boolean =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

const verify = (options: BrokerOptions, token: string): TokenCheck => (options.verifyToken ?? verifyMockToken)(token);

/** The grant of a connection, or why it is refused. */
function grantFor(options: BrokerOptions, username: string | undefined, password: string): Grant | AuthenticateError {
  const service = options.services?.find((candidate) => candidate.username === username);
  if (service) {
    return samePassword(password, service.password) ? { kind: 'service' } : refuse(BAD_CREDENTIALS, 'Bad password');
  }
  if (username !== options.consoleUsername) return refuse(BAD_CREDENTIALS, 'Bad username or password');
  const checked = verify(options, password);
  if ('refused' in checked) {
    if (checked.refused === 'expired') return refuse(NOT_AUTHORIZED, 'The access token has expired');
    if (checked.refused === 'revoked') return refuse(NOT_AUTHORIZED, 'The session was revoked');
    return refuse(BAD_CREDENTIALS, 'The password is not an access token of this server');
  }
  const { exp } = checked.claims;
  return { kind: 'console', token: password, exp, topics: new Set(options.topicsFor(password)) };
}

export async function startBroker(options: BrokerOptions): Promise<RunningBroker> {
  const broker = await Aedes.createBroker();
  const grants = new Map<Client, Grant>();
  const expiries = new Map<Client, NodeJS.Timeout>();
  /** Closes a console connection when its token's `exp` passes. */
  const watchExpiry = (client: Client, exp: number | undefined) => {
    if (exp === undefined) return;
    const wait = exp * 1000 - Date.now();
    const timer = setTimeout(
      () => (wait > MAX_TIMER_MS ? watchExpiry(client, exp) : client.close()),
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
    timer.unref();
    expiries.set(client, timer);
  };
  broker.authenticate = (client, username, password, done) => {
    const grant = grantFor(options, username, password?.toString() ?? '');
    if (grant instanceof Error) return done(grant, false);
    grants.set(client, grant);
    if (grant.kind === 'console') watchExpiry(client, grant.exp);
    return done(null, true);
  };
  broker.on('clientDisconnect', (client) => {
    grants.delete(client);
    clearTimeout(expiries.get(client));
    expiries.delete(client);
  });
  // The users' panels changed: a connection that lost a topic is closed (its subscriptions go with it), one that
  // gained a topic may subscribe to it now.
  const stopListening = options.onAccessChange?.(() => {
    for (const [client, grant] of grants) {
      if (grant.kind !== 'console') continue;
      if ('refused' in verify(options, grant.token)) {
        grants.delete(client);
        client.close();
        continue;
      }
      const topics = new Set(options.topicsFor(grant.token));
      if ([...grant.topics].some((topic) => !topics.has(topic))) {
        grants.delete(client);
        client.close();
      } else grant.topics = topics;
    }
  });
  // A refused subscription is answered with the failure code (0x80); the connection stays up. The token is checked
  // again: a session revoked (or a token expired) since CONNECT subscribes to nothing.
  broker.authorizeSubscribe = (client, subscription, callback) => {
    const grant = grants.get(client);
    if (grant?.kind === 'service') return callback(null, subscription);
    const allowed =
      grant?.kind === 'console' && grant.topics.has(subscription.topic) && 'claims' in verify(options, grant.token);
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
      stopListening?.();
      for (const timer of expiries.values()) clearTimeout(timer);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
