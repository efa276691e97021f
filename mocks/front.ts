/**
 * The mock API front. The console talks to it; it forwards every call to Prism (which answers from the
 * contract's examples and validates the request) and makes the mock behave like one installation:
 *  - first it enforces what the contract says the backend must (mocks/access.ts: 401 without a token it signed, 403
 *    below the operation's level or without the plan, 404 for a panel or user out of the caller's reach), whatever
 *    `Prefer` says; the panel and user lists answer only what is in reach, and adding, removing or copying a panel
 *    changes the panels' links (shared with the broker, which drops connections that lost a panel);
 *  - it picks the named example that fits the request (the signed-in user, the panel asked for, the
 *    settings group read, a wrong panel password, a disconnected panel), using Prism's `Prefer` header;
 *  - it hands accepted panel commands to the panel simulator, so their effect arrives on the live feed;
 *  - it remembers accepted settings writes per panel and record, and answers settings reads with them (records never
 *    written answer the group's example, made the record's): see `answerSettings` and `settings-store.ts`.
 * A request that already carries `Prefer` is passed through untouched (a developer choosing an example).
 *
 * Under `<prefix>/__mock/` it also answers the mock's own controls (never part of the contract), so a browser test
 * can take the live feed away and inject messages through the real broker: see `handleControl`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Contract, Operation } from './contract.ts';
import { SettingsStore, settingsGroupOf } from './settings-store.ts';
import { pageUsers } from './user-list.ts';
import { mockAreas } from './areas.ts';
import { MockAccess, verifyMockToken, type MockClaims } from './access.ts';
import { PanelOwners } from './panel-owners.ts';
import { OrderStore, type MockOrder } from './order-store.ts';
import { PaymentProvider, PROVIDER_PATH, providerSettings, type ProviderCallback } from './payment-provider.ts';
import { CALLBACK_ANSWERS, MerchantLedger, mockMerchantSecrets } from './merchant-ledger.ts';

export interface CommandSink {
  isConnected(devId: number): boolean;
  isPanelPassword(devId: number, password: string): boolean;
  handleCommand(command: PanelCommand): void;
}

export interface PanelCommand {
  dev_id: number;
  command: string;
  partno?: number;
  ispart?: number | boolean;
  zoneoutno?: number;
  status?: number | boolean;
}

/** What the mock's control routes act on (the stack provides it). */
export interface MockControls {
  /** Stops the broker (every connection is dropped); its port stays reserved for `startBroker`. */
  stopBroker(): Promise<void>;
  /** Starts the broker again on the same port (the panels' side republishes every panel's state). */
  startBroker(): Promise<void>;
  brokerRunning(): boolean;
  /** Publishes a raw payload, byte for byte, through the broker with the simulator's credential. */
  publish(topic: string, payload: string, retain: boolean): Promise<void>;
  /** Puts every simulated panel back as the contract's examples describe it, and publishes them; → how many. */
  resetPanels(): Promise<number>;
  /** Connects or disconnects a simulated panel and publishes it; false when there is no such panel. */
  setPanelConnected(devId: number, connected: boolean): Promise<boolean>;
}

/** What an area of the mock sees of a request. */
export interface AreaRequest {
  params: Record<string, string>;
  body: Body;
  query: URLSearchParams;
  /** The bearer token's claims (`UserType`, `Username` …); empty without a token. */
  claims: Record<string, unknown>;
  /** The raw body (a multipart form, for example). */
  raw: Buffer;
  contentType: string;
}

/**
 * An area of the mock that behaves like a server beyond the contract's examples (mocks/areas.ts lists them): it
 * picks the example that fits a request of its operations, rewrites Prism's answer with what it remembers, and may
 * answer paths of its own outside the contract (a file download). Every hook is optional.
 */
export interface MockArea {
  /** The example for an operation (`get /path/{id}`); undefined when the operation is not the area's. */
  choose?(key: string, request: AreaRequest): Choice | undefined;
  /** The answer to send once Prism answered 2xx (it validated the request): remember, then rewrite the payload. */
  answer?(key: string, request: AreaRequest, payload: Buffer): Buffer;
  /**
   * Answers a request before Prism sees it, for paths the area serves itself (`pathname` with its prefix, such as
   * `/files/resources/download`): true when it answered.
   */
  handle?(method: string, pathname: string, request: AreaRequest, res: ServerResponse): boolean | Promise<boolean>;
  /** Forgets what it remembered (the mock's `areas/reset` control). */
  reset?(): void;
}

export interface FrontOptions {
  port: number;
  prismUrl: string;
  contract: Contract;
  simulator: CommandSink;
  /** The mock's control routes (`/__mock/...`); without it they answer 404. */
  controls?: MockControls;
  /** Path prefixes the console uses (`/api` for the REST calls, `/files` for the file store). */
  prefixes?: string[];
  /** The panels' programming (settings writes); a new, empty one by default. */
  settings?: SettingsStore;
  /** The areas that behave like a server beyond the examples (mocks/areas.ts by default). */
  areas?: MockArea[];
  /** The access rules and the panels' links (mocks/access.ts); the stack shares them with the broker. */
  access?: MockAccess;
}

/** The master user's panel password of the example installation (openapi/EXAMPLES.md); `1234` is the installer's. */
export const MASTER_PANEL_PASSWORD = '5678';

export interface Choice {
  example?: string;
  code?: string;
}

type Body = Record<string, unknown>;

/** Claims of a bearer token, without checking its signature (the mock's tokens are examples). */
export const tokenClaims = (authorization: string | undefined): Record<string, unknown> => {
  const token = authorization?.replace(/^Bearer\s+/i, '') ?? '';
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** The claims of a token the mock signed and that has not expired; empty otherwise. */
const verifiedClaims = (authorization: string | undefined): Record<string, unknown> => {
  const checked = verifyMockToken(authorization);
  return 'claims' in checked ? checked.claims : {};
};

/** The panel lists answer only the panels within the caller's reach (before the paged list is cut). */
const PANEL_LISTS = new Set(['getUserDevices', 'searchDevices', 'getUserAllDevices']);

function narrowPanelList(
  access: MockAccess,
  operation: Operation,
  claims: Record<string, unknown>,
  payload: Buffer,
): Buffer {
  if (!PANEL_LISTS.has(operation.operationId)) return payload;
  const answer = JSON.parse(payload.toString('utf8')) as { data?: { dev_id?: unknown }[]; list_info?: object };
  if (!Array.isArray(answer.data) || typeof claims.UserType !== 'number') return payload;
  const data = answer.data.filter((row) => access.reachesPanel(claims as MockClaims, Number(row.dev_id)));
  const listInfo = answer.list_info && { ...answer.list_info, total_count: data.length };
  return Buffer.from(JSON.stringify(listInfo ? { ...answer, data, list_info: listInfo } : { ...answer, data }));
}

/** The named example that fits a request, among those the contract offers for its operation. */
export function chooseExample(
  contract: Contract,
  operation: Operation,
  request: { params: Record<string, string>; body: Body; authorization?: string; query?: URLSearchParams },
  simulator: CommandSink,
  orders?: OrderStore,
): Choice {
  const available = contract.responseExamples(operation);
  const pick = (...names: string[]): Choice => {
    for (const name of names) {
      const found = available.get(name);
      if (found) return { example: name, code: found.status };
    }
    return {};
  };
  const pickPrefix = (prefix: string): Choice => {
    const name = [...available.keys()].find((candidate) => candidate.startsWith(prefix));
    return name ? pick(name) : {};
  };
  const { body, params } = request;
  const devId = Number(body.dev_id ?? params.id ?? params.device_id);
  const claims = tokenClaims(request.authorization);
  const username = String(claims.Username ?? '');
  const userType = Number(claims.UserType ?? 0);
  const query = request.query ?? new URLSearchParams();

  switch (`${operation.method} ${operation.path}`) {
    case 'post /logins':
      return available.has(String(body.username)) ? pick(String(body.username)) : pick('invalid-credentials');
    case 'get /changed-jwt':
    case 'get /user/getuserdetail':
    case 'get /user-authority':
      return pick(username);
    case 'get /command/devices/{id}/devicepart/0':
    case 'get /command/devices/{id}/zones':
    case 'get /command/devices/{id}/outs':
    case 'get /command/devices/{id}/users':
    case 'get /command/devices/{id}/keypads':
      return pick(`dev-${devId}`, 'empty');
    case 'post /command/devices/getpanelsettings': {
      const command = String(body.command ?? 'GET');
      const password = String(body.user_pass ?? '');
      if (command === 'USER') {
        if (!simulator.isPanelPassword(devId, password)) return pick('password-wrong');
        // The example installation's master password opens the panel as user 1, the other one as the installer.
        return password === MASTER_PANEL_PASSWORD ? pick('password-check-master') : pick('password-check');
      }
      if (command === 'EVENT') return pick('event-log');
      // A settings read: a disconnected panel, or one that refuses the password, answers the panel error (Err 5).
      if (!simulator.isConnected(devId) || !simulator.isPanelPassword(devId, password)) return pick('panel-error');
      return pickPrefix(`group-${Number(body.group)}-`);
    }
    case 'post /command/devices/controlpanel':
      if (!simulator.isConnected(devId)) return pick('disconnected');
      if (!simulator.isPanelPassword(devId, String(body.password ?? ''))) return pick('panel-error');
      return pick('success');
    case 'get /payment-plans/{id}':
      return Number(params.id) === 2 ? pick('premium') : Number(params.id) === 1 ? pick('standart') : { code: '404' };
    case 'post /orders':
    case 'post /coupons':
      return knownPrice(contract, body) ? {} : pick('unknown-price');
    case 'get /orders':
      return pick('all');
    case 'get /orders/history':
      return userType >= 1 ? pick('dealer') : pick('own-orders');
    case 'put /orders/{id}/billing': {
      const outcome = orders?.billing(Number(params.id)) ?? 'success';
      return outcome === 'not-found' ? { code: '404' } : pick(outcome);
    }
    case 'put /orders/{id}/cancel': {
      const outcome = orders?.cancel(Number(params.id)) ?? 'success';
      return outcome === 'not-found' ? { code: '404' } : pick(outcome);
    }
    case 'get /coupons':
      return userType === 2 ? pick('administrator') : userType === 1 ? pick('dealer') : pick('empty');
    case 'get /coupons/{id}/codes':
      return pick(`request-${Number(params.id)}`, 'awaiting-payment');
    case 'get /reports/order': {
      const begin = query.get('begin_date') ?? '';
      const end = query.get('end_date') ?? '';
      if (begin && end && end < begin) return pick('bad-range');
      return reportHasMonths(contract, operation, begin, end) ? pick('three-months') : pick('empty');
    }
    default:
      // A settings write (one operation per group): a connected panel takes it with its password, else it answers
      // the panel error (Err 3; `answerSettings` makes a disconnected panel's answer Err 5).
      if (settingsGroupOf(operation) !== undefined) {
        const accepted = simulator.isConnected(devId) && simulator.isPanelPassword(devId, String(body.user_pass ?? ''));
        return accepted ? pick('success') : pick('panel-error');
      }
      return {};
  }
}

/** The `data` of a named example of a GET operation's answer (undefined when there is none). */
function exampleData(contract: Contract, path: string, name: string): unknown {
  const operation = contract.operations.find((op) => op.method === 'get' && op.path === path);
  const value = operation && contract.responseExamples(operation).get(name)?.example.value;
  return (value as { data?: unknown } | undefined)?.data;
}

/** The payment plans of the contract's price list example. */
const examplePlans = (contract: Contract): { id: number; prices: { id: number }[] }[] => {
  const data = exampleData(contract, '/payment-plans', 'default');
  return Array.isArray(data) ? (data as { id: number; prices: { id: number }[] }[]) : [];
};

/** Whether an order's plan and price option exist together in the price list. */
const knownPrice = (contract: Contract, body: Body): boolean =>
  examplePlans(contract).some(
    (plan) =>
      plan.id === Number(body.payment_plan_id) &&
      plan.prices.some((price) => price.id === Number(body.payment_plan_price_id)),
  );

/** Whether the report example has a month inside the range (`YYYY-MM-DD`; an open end is unbounded). */
function reportHasMonths(contract: Contract, operation: Operation, begin: string, end: string): boolean {
  const value = contract.responseExamples(operation).get('three-months')?.example.value as
    { data?: { id: number }[] } | undefined;
  const months = (value?.data ?? []).map((entry) => String(entry.id));
  const first = begin.slice(0, 7).replace('-', '');
  const last = end.slice(0, 7).replace('-', '');
  return months.some((month) => (!first || month >= first) && (!last || month <= last));
}

/** Every order of the contract's examples (the billing list's `all`). */
export const exampleOrders = (contract: Contract): MockOrder[] => {
  const data = exampleData(contract, '/orders', 'all');
  return Array.isArray(data) ? (data as MockOrder[]) : [];
};

/** The merchant id of the contract's (non-secret) payment settings example. */
export const exampleMerchantId = (contract: Contract): string => {
  const data = (exampleData(contract, '/payment-settings', 'default') ?? {}) as Record<string, unknown>;
  return typeof data.merchant_id === 'string' ? data.merchant_id : '';
};

/** The provider's server-to-server callback (the contract's `receivePaymentCallback`). */
export const PAYMENT_CALLBACK_PATH = '/payments/provider-callback';

/** Operations whose answer is an order for card payment, which the merchant signs (`data.token`). */
const SIGNED_ORDER_PATHS = new Set(['/orders', '/coupons']);

/** The order answer with its server-signed token: the ledger records the order and signs it. */
export function signOrder(payload: Buffer, ledger: MerchantLedger): Buffer {
  const answer = JSON.parse(payload.toString('utf8')) as { data?: Record<string, unknown> };
  const order = answer.data;
  if (!order || typeof order !== 'object' || order.merchant_no === undefined) return payload;
  const token = ledger.issue(order as Parameters<MerchantLedger['issue']>[0]);
  return Buffer.from(JSON.stringify({ ...answer, data: { ...order, token } }));
}

/** Operations whose answer carries `payment_settings` (at `data.payment_settings`, or as `data`). */
const PAYMENT_SETTINGS_PATHS = new Set(['/orders', '/coupons', '/payment-settings']);

/**
 * The answer with its payment settings' URLs moved to the fake provider, on the origin the console called from
 * (its servers proxy `/provider` to the front), or the front's own.
 */
export function withProvider(payload: Buffer, origin: string): Buffer {
  const answer = JSON.parse(payload.toString('utf8')) as { data?: Record<string, unknown> };
  const data = answer.data;
  if (!data || typeof data !== 'object') return payload;
  if (data.payment_settings && typeof data.payment_settings === 'object') {
    const settings = providerSettings(data.payment_settings as Record<string, unknown>, origin);
    return Buffer.from(JSON.stringify({ ...answer, data: { ...data, payment_settings: settings } }));
  }
  if (typeof data.pay_url === 'string')
    return Buffer.from(JSON.stringify({ ...answer, data: providerSettings(data, origin) }));
  return payload;
}

/** The browser origin a request came from (Origin, else Referer), when it is http(s). */
const callerOrigin = (req: IncomingMessage): string | undefined => {
  for (const header of [req.headers.origin, req.headers.referer]) {
    if (typeof header !== 'string') continue;
    try {
      const url = new URL(header);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {
      // not a URL
    }
  }
  return undefined;
};

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

const sendJson = (res: ServerResponse, status: number, body: unknown): void =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** Path of the mock's control routes, under each prefix (`/api/__mock/...`). */
export const CONTROL_PATH = '/__mock/';

/**
 * The mock's controls, for browser tests and developers (the console never calls them):
 *  - `POST /__mock/broker/stop`, `POST /__mock/broker/start`, `GET /__mock/broker` → `{ running }`;
 *  - `POST /__mock/publish` with `{ topic, payload, retain? }`: `payload` is a string published as it is (so it can
 *    be malformed, oversized or name another panel), not retained unless `retain` is true → `{ published: bytes }`;
 *  - `POST /__mock/panels/reset`: every simulated panel back to the contract's examples (connected or not as they
 *    say), published again, every settings write forgotten and the panels' links back as the examples have them
 *    → `{ panels: count }` (so one test's commands, programming and panel changes never leak into the next);
 *  - `POST /__mock/orders/reset`: every order back as the contract's examples say (nothing billed or cancelled since)
 *    the fake payment provider's record and the merchant's issued and credited orders emptied → `{ orders: 'reset' }`;
 *  - `POST /__mock/areas/reset`: every area of mocks/areas.ts forgets what it remembered (dealer requests, firmware
 *    versions, stages and tests back as the examples have them) → `{ areas: count }`;
 *  - `GET /__mock/payments` → `{ payments, callbacks, credits }`: what the fake payment provider saw (order,
 *    amount, e-mail, the card's last four digits, result, reason and what its callback was answered), the callbacks
 *    it sent (to replay one) and the orders the merchant credited, oldest first;
 *  - `POST /__mock/panels/connection` with `{ dev_id, connected }` (`connected` a boolean): the simulated panel
 *    connects or disconnects, published on its live topic; a disconnected panel answers commands, settings reads
 *    and settings writes with its panel error → `{ dev_id, connected }`; 404 for a panel the simulator does not have.
 * A control that publishes answers 409 while the broker is stopped; a body that is not as described answers 400.
 */
async function handleControl(
  controls: MockControls | undefined,
  settings: SettingsStore,
  payments: { orders: OrderStore; provider: PaymentProvider; ledger: MerchantLedger; areas: MockArea[] },
  method: string,
  route: string,
  raw: Buffer,
  res: ServerResponse,
  owners?: PanelOwners,
): Promise<void> {
  const key = `${method} ${route}`;
  if (key === 'POST areas/reset') {
    for (const area of payments.areas) area.reset?.();
    return sendJson(res, 200, { areas: payments.areas.length });
  }
  if (key === 'POST orders/reset') {
    payments.orders.clear();
    payments.provider.clear();
    payments.ledger.clear();
    return sendJson(res, 200, { orders: 'reset' });
  }
  if (key === 'GET payments') {
    const { provider, ledger } = payments;
    return sendJson(res, 200, { payments: provider.payments, callbacks: provider.callbacks, credits: ledger.credits });
  }
  if (!controls) return sendJson(res, 404, { message: 'No mock controls here' });
  if (key === 'GET broker') return sendJson(res, 200, { running: controls.brokerRunning() });
  if (key === 'POST broker/stop') {
    if (controls.brokerRunning()) await controls.stopBroker();
    return sendJson(res, 200, { running: false });
  }
  if (key === 'POST broker/start') {
    if (!controls.brokerRunning()) await controls.startBroker();
    return sendJson(res, 200, { running: true });
  }
  if (key === 'POST publish') {
    let body: { topic?: unknown; payload?: unknown; retain?: unknown };
    try {
      body = JSON.parse(raw.toString('utf8')) as typeof body;
    } catch {
      return sendJson(res, 400, { message: 'The body must be JSON: { topic, payload, retain? }' });
    }
    if (typeof body.topic !== 'string' || !body.topic || typeof body.payload !== 'string') {
      return sendJson(res, 400, { message: '`topic` and `payload` must be strings' });
    }
    if (!controls.brokerRunning()) return sendJson(res, 409, { message: 'The broker is stopped' });
    await controls.publish(body.topic, body.payload, body.retain === true);
    return sendJson(res, 200, { published: Buffer.byteLength(body.payload) });
  }
  if (key === 'POST panels/reset') {
    if (!controls.brokerRunning()) return sendJson(res, 409, { message: 'The broker is stopped' });
    const panels = await controls.resetPanels();
    settings.clear();
    owners?.reset();
    return sendJson(res, 200, { panels });
  }
  if (key === 'POST panels/connection') {
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return sendJson(res, 400, { message: 'The body must be JSON: { dev_id, connected }' });
    }
    const { dev_id: devId, connected } = (typeof body === 'object' && body ? body : {}) as Body;
    if (typeof devId !== 'number' || !Number.isSafeInteger(devId) || typeof connected !== 'boolean') {
      return sendJson(res, 400, { message: '`dev_id` must be a panel number and `connected` a boolean' });
    }
    if (!controls.brokerRunning()) return sendJson(res, 409, { message: 'The broker is stopped' });
    if (!(await controls.setPanelConnected(devId, connected))) {
      return sendJson(res, 404, { message: `No simulated panel ${devId}` });
    }
    return sendJson(res, 200, { dev_id: devId, connected });
  }
  return sendJson(res, 404, { message: `Unknown mock control: ${method} ${CONTROL_PATH}${route}` });
}

/** The paged panel list: Prism answers the whole example, the front cuts the page asked for. */
const PANEL_PAGE_PATH = '/command/devices/userdevices/{offset}';

/**
 * The page of `offset` and `limit` out of the example's panels, with `list_info` saying so (as a server pages its
 * list; "more panels" asks from the number already loaded). Without a valid limit the page runs to the end.
 */
export function pagePanels(payload: Buffer, offset: number, limit: number): Buffer {
  const page = JSON.parse(payload.toString('utf8')) as { data?: unknown[]; list_info?: Record<string, number> };
  if (!Array.isArray(page.data) || !Number.isSafeInteger(offset) || offset < 0) return payload;
  const all = page.data;
  const size = Number.isSafeInteger(limit) && limit > 0 ? limit : all.length;
  const data = all.slice(offset, offset + size);
  return Buffer.from(JSON.stringify({ data, list_info: { total_count: all.length, limit: size, offset } }));
}

/** The user list: Prism answers the five example users, the front pages a generated list behind them (user-list.ts). */
const USER_LIST_PATH = '/user/getuserlist';

/** Path of getPanelSettings: settings reads (command GET), the password check (USER) and the event log (EVENT). */
const SETTINGS_READ_PATH = '/command/devices/getpanelsettings';

/**
 * The panels' programming, once Prism has taken the request (2xx, so the body is valid against the contract) and
 * answered the example the front chose. A settings write that a connected panel accepted with its panel password
 * (example `success`) is remembered under its panel, group and record; a settings read (GET) answers the record as
 * written, else the group's example made the record's (`SettingsStore.answerRead`). Failures store nothing: a read
 * of a disconnected panel or with a wrong password answers the read's `panel-error` (Err 5), a write with a wrong
 * password the write's `panel-error` (Err 3, refused), and a write to a disconnected panel the same Err 5 answer as
 * a read (the write operations have no example of it). → the payload to send.
 */
export function answerSettings(
  settings: SettingsStore,
  simulator: CommandSink,
  operation: Operation,
  body: Body,
  payload: Buffer,
): Buffer {
  const group = settingsGroupOf(operation);
  const read = operation.path === SETTINGS_READ_PATH && String(body.command ?? 'GET') === 'GET';
  if (group === undefined && !read) return payload;
  const devId = Number(body.dev_id);
  if (group !== undefined && !simulator.isConnected(devId)) return Buffer.from(JSON.stringify(settings.notConnected()));
  let answer: unknown;
  try {
    answer = JSON.parse(payload.toString('utf8'));
  } catch {
    return payload;
  }
  if (typeof answer !== 'object' || !answer || (answer as Body).Err !== 0) return payload;
  if (read) return Buffer.from(JSON.stringify(settings.answerRead(body, answer as Body)));
  if (simulator.isConnected(devId) && simulator.isPanelPassword(devId, String(body.user_pass ?? ''))) {
    settings.write({ ...body, group });
  }
  return payload;
}

/**
 * The orders, once Prism has taken the request and answered: an accepted billing or cancellation is remembered,
 * and the order lists and the billing report answer the orders as they are now (the billing list filtered and
 * paged by its query). → the payload to send.
 */
function answerPayments(
  operation: Operation,
  params: Record<string, string>,
  body: Body,
  query: URLSearchParams,
  payload: Buffer,
  orders: OrderStore,
): Buffer {
  const key = `${operation.method} ${operation.path}`;
  if (key === 'put /orders/{id}/billing') orders.bill(Number(params.id));
  if (key === 'put /orders/{id}/cancel') orders.markCanceled(Number(params.id), String(body.desc ?? ''));
  if (key === 'get /orders') return orders.page(payload, query, true);
  if (key === 'get /orders/history') return orders.page(payload, query, false);
  if (key === 'get /reports/order') return orders.report(payload);
  return payload;
}

export interface RunningFront {
  url: string;
  server: Server;
  /** The panels' programming the front remembers. */
  settings: SettingsStore;
  stop(): Promise<void>;
}

export async function startFront(options: FrontOptions): Promise<RunningFront> {
  const prefixes = options.prefixes ?? ['/api', '/files'];
  const settings = options.settings ?? new SettingsStore(options.contract);
  const orders = new OrderStore(() => exampleOrders(options.contract));
  // The merchant's key and salt exist only in this process: the ledger signs orders and checks callbacks with them,
  // and the fake provider (which issued them, as a real one does) verifies forms and hashes its callbacks.
  const ledger = new MerchantLedger(mockMerchantSecrets(exampleMerchantId(options.contract)));
  const callbackUrl = `http://127.0.0.1:${options.port}${prefixes[0]}${PAYMENT_CALLBACK_PATH}`;
  const provider = new PaymentProvider(
    () => ledger.secrets,
    async (callback: ProviderCallback) => {
      const answer = await fetch(callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(callback).toString(),
      });
      return { status: answer.status, body: await answer.text() };
    },
  );
  const areas = options.areas ?? mockAreas(options.contract);
  const access = options.access ?? new MockAccess(options.contract, new PanelOwners(options.contract));
  const server = createServer(async (req, res) => {
    try {
      const raw = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://mock');
      const prefix = prefixes.find((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
      const pathname = prefix ? url.pathname.slice(prefix.length) || '/' : url.pathname;
      const method = (req.method ?? 'GET').toUpperCase();
      if (!prefix && url.pathname.startsWith(PROVIDER_PATH)) {
        return await provider.handle(method, url.pathname.slice(PROVIDER_PATH.length), raw, url.searchParams, res);
      }
      if (pathname.startsWith(CONTROL_PATH)) {
        const route = pathname.slice(CONTROL_PATH.length);
        const payments = { orders, provider, ledger, areas };
        return await handleControl(options.controls, settings, payments, method, route, raw, res, access.owners);
      }
      let body: Body = {};
      if (raw.length && String(req.headers['content-type'] ?? '').includes('json')) {
        try {
          body = JSON.parse(raw.toString('utf8')) as Body;
        } catch {
          body = {};
        }
      }
      const matched = options.contract.match(method, pathname);
      const areaRequest: AreaRequest = {
        params: matched?.params ?? {},
        body,
        query: url.searchParams,
        // Only a token the mock signed, unexpired, has claims (the file store's own check reads them).
        claims: verifiedClaims(req.headers.authorization),
        raw,
        contentType: String(req.headers['content-type'] ?? ''),
      };
      for (const area of areas) {
        if (await area.handle?.(method, url.pathname, areaRequest, res)) return;
      }
      // What the backend must enforce (openapi/README.md): 401, 403 and 404 before Prism sees the request.
      const accessRequest = {
        authorization: req.headers.authorization,
        params: matched?.params ?? {},
        query: url.searchParams,
        body,
      };
      const refused = matched && access.check(matched.operation, accessRequest);
      if (refused) return sendJson(res, refused.status, refused.body);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (!HOP_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
      }
      // A developer's own `Prefer` gets Prism's answer untouched (and stores nothing).
      const developerChose = Boolean(headers.prefer);
      const callback =
        matched?.operation.path === PAYMENT_CALLBACK_PATH
          ? (Object.fromEntries(new URLSearchParams(raw.toString('utf8'))) as Record<string, string>)
          : undefined;
      if (matched && !developerChose) {
        const areaKey = `${matched.operation.method} ${matched.operation.path}`;
        const choice =
          (callback && CALLBACK_ANSWERS[ledger.check(callback)]) ??
          areas.map((area) => area.choose?.(areaKey, areaRequest)).find((found) => found !== undefined) ??
          chooseExample(
            options.contract,
            matched.operation,
            { params: matched.params, body, authorization: headers.authorization, query: url.searchParams },
            options.simulator,
            orders,
          );
        const prefer = [choice.code && `code=${choice.code}`, choice.example && `example=${choice.example}`]
          .filter(Boolean)
          .join(', ');
        if (prefer) headers.prefer = prefer;
      }
      const upstream = await fetch(`${options.prismUrl}${pathname}${url.search}`, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' || !raw.length ? undefined : new Uint8Array(raw),
      });
      let payload: Buffer = Buffer.from(await upstream.arrayBuffer());
      if (matched && !developerChose && upstream.status === 200) {
        payload = narrowPanelList(access, matched.operation, areaRequest.claims, payload);
      }
      if (matched?.operation.path === PANEL_PAGE_PATH && upstream.status === 200) {
        payload = pagePanels(payload, Number(matched.params.offset), Number(url.searchParams.get('limit') ?? NaN));
      }
      if (matched?.operation.path === USER_LIST_PATH && !developerChose && upstream.status === 200) {
        const caller = areaRequest.claims as MockClaims;
        payload = pageUsers(payload, url.searchParams, (user) => access.reachesUser(caller, user.id));
      }
      if (matched && !developerChose && upstream.ok) {
        access.remember(matched.operation, accessRequest);
        payload = answerSettings(settings, options.simulator, matched.operation, body, payload);
        payload = answerPayments(matched.operation, matched.params, body, url.searchParams, payload, orders);
        // The callback credits only once the contract accepted it; a repeat credits nothing.
        if (callback) ledger.receive(callback);
        const areaKey = `${matched.operation.method} ${matched.operation.path}`;
        for (const area of areas) if (area.answer) payload = area.answer(areaKey, areaRequest, payload);
        if (PAYMENT_SETTINGS_PATHS.has(matched.operation.path) && upstream.status === 200) {
          payload = withProvider(payload, callerOrigin(req) ?? `http://127.0.0.1:${options.port}`);
        }
        if (SIGNED_ORDER_PATHS.has(matched.operation.path) && matched.operation.method === 'post') {
          if (upstream.status === 200) payload = signOrder(payload, ledger);
        }
      }
      const responseHeaders: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name) && name !== 'content-encoding') responseHeaders[name] = value;
      });
      res.writeHead(upstream.status, responseHeaders).end(payload);
      if (matched?.operation.path === '/command/devices/controlpanel' && upstream.status === 200) {
        const result = JSON.parse(payload.toString('utf8')) as { Err?: number };
        if (result.Err === 0) options.simulator.handleCommand(body as unknown as PanelCommand);
      }
    } catch (error) {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `Mock front error: ${(error as Error).message}`, status: 'Error' }));
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${options.port}`,
    server,
    settings,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
