/**
 * The mock's own controls under `<prefix>/__mock/` (never part of the contract), so a browser test can take the live
 * feed away, inject messages through the real broker and put the mock's memory back between tests.
 */
import type { ServerResponse } from 'node:http';
import type { ApiFaults } from './api-faults.ts';
import { sendJson, type Body, type MockArea } from './area.ts';
import type { MockPayments } from './areas/payments.ts';
import type { PanelOwners } from './db/panel-owners.ts';
import type { PanelQueue } from './queue/panel-queue.ts';
import type { SettingsStore } from './db/settings-store.ts';

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

/** What the controls act on. */
export interface ControlParts {
  /** The broker and the simulated panels; without them the controls that need them answer 404. */
  controls?: MockControls;
  /** The mock's stores and their one reset (mocks/db/index.ts). */
  db: { reset(): void };
  settings: SettingsStore;
  payments: MockPayments;
  areas: MockArea[];
  owners?: PanelOwners;
  /** The programming queue (the keypad control changes a panel's record behind the server's back). */
  queue?: PanelQueue;
  /** The panel password gate: both resets clear its counts and locks. */
  pins?: { reset(): void };
  /** A slow or failing API on purpose (mocks/api-faults.ts). */
  faults?: ApiFaults;
}

/** Path of the mock's control routes, under each prefix (`/api/__mock/...`). */
export const CONTROL_PATH = '/__mock/';

/**
 * The mock's controls, for browser tests and developers (the console never calls them):
 *  - `POST /__mock/broker/stop`, `POST /__mock/broker/start` (answered once the panels' side is connected again),
 *    `GET /__mock/broker` → `{ running }`;
 *  - `POST /__mock/publish` with `{ topic, payload, retain? }`: `payload` is a string published as it is (so it can
 *    be malformed, oversized or name another panel), not retained unless `retain` is true → `{ published: bytes }`;
 *  - `POST /__mock/panels/reset`: every simulated panel back to the contract's examples (connected or not as they
 *    say), published again, every settings write (and the server's known copy of every record) forgotten, the
 *    panels' links back as the examples have them and every panel password count and lock cleared
 *    → `{ panels: count }` (so one test's commands, programming and panel changes never leak into the next);
 *  - `POST /__mock/orders/reset`: every order back as the contract's examples say (nothing billed or cancelled since,
 *    no subscription bought)
 *    the fake payment provider's record and the merchant's issued and credited orders emptied → `{ orders: 'reset' }`;
 *  - `POST /__mock/areas/reset`: every area of mocks/areas.ts forgets what it remembered (dealer requests, firmware
 *    versions, stages and tests, and the accounts, back as the examples have them; the audit log, the programming
 *    queue and the server's known copies of settings records emptied; the firmware roll-outs and their config
 *    forgotten; every panel password count and lock cleared) → `{ areas: count }`;
 *  - `POST /__mock/limits/reset`: every count and lock of the sign-in and account calls' attempt limits forgotten,
 *    nothing else (mocks/areas/account-limits.ts) → `{ limits: 'reset' }`;
 *  - `GET /__mock/payments` → `{ payments, callbacks, credits }`: what the fake payment provider saw (order,
 *    amount, e-mail, the card's last four digits, result, reason and what its callback was answered), the callbacks
 *    it sent (to replay one) and the orders the merchant credited, oldest first;
 *  - `POST /__mock/panels/connection` with `{ dev_id, connected }` (`connected` a boolean): the simulated panel
 *    connects or disconnects, published on its live topic; a disconnected panel answers commands, settings reads
 *    and settings writes with its panel error → `{ dev_id, connected }`; 404 for a panel the simulator does not have.
 *    A panel that connects gets its queued settings writes applied right after (mocks/queue/panel-queue.ts); one that
 *    disconnects while a queued write is applying fails that write with the panel error (Err 5);
 *  - `POST /__mock/panels/settings` with `{ dev_id, group, member?, list_id?, values: { field: value } }`: someone
 *    at the panel's keypad changes the panel's own record (what a settings read of the connected panel answers),
 *    connected or not; the server's known copy does not change, so a write queued before conflicts → `{ dev_id,
 *    group, member, list_id, data }` (the record as it is now); 400 with a `message` for an unknown panel, group or
 *    field, or a value the group's write schema refuses. It needs no broker (nothing is published).
 *  - `GET /__mock/api-faults`, `POST /__mock/api-faults` with `{ delay_ms?, fail_status?, path? }`: every call of the
 *    mock API (or those under `path`) answers after `delay_ms`, or answers `fail_status`; `{}` ends it
 *    (mocks/api-faults.ts) → the settings now;
 *  - an area's own controls (`MockArea.control`): `POST /__mock/rollouts/config` (mocks/areas/firmware-rollouts.ts).
 *  - `POST /__mock/sessions/cookie` with `{ token }` (the front answers it, with these controls only): the refresh
 *    cookie of a session whose renewal from the cookie answers that token, so a browser test opens signed in with the
 *    claims it chose (mocks/session-controls.ts).
 * A control that publishes answers 409 while the broker is stopped; a body that is not as described answers 400.
 */
export async function handleControl(
  { controls, db, settings, payments, areas, owners, queue, pins, faults }: ControlParts,
  method: string,
  route: string,
  raw: Buffer,
  res: ServerResponse,
): Promise<void> {
  const key = `${method} ${route}`;
  if (route === 'api-faults' && faults) return faults.control(method, raw, res);
  if (key === 'POST areas/reset') {
    db.reset();
    return sendJson(res, 200, { areas: areas.length });
  }
  if (key === 'POST orders/reset') {
    payments.orders.clear();
    payments.provider.clear();
    payments.ledger.clear();
    payments.subscriptions.clear();
    return sendJson(res, 200, { orders: 'reset' });
  }
  if (key === 'GET payments') {
    const { provider, ledger } = payments;
    return sendJson(res, 200, { payments: provider.payments, callbacks: provider.callbacks, credits: ledger.credits });
  }
  if (key === 'POST panels/settings' && queue) {
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return sendJson(res, 400, { message: 'The body must be JSON: { dev_id, group, member?, list_id?, values }' });
    }
    const changed = queue.changeAtKeypad(body, (devId) => owners?.exists(devId) ?? true);
    return sendJson(res, changed.status, changed.body);
  }
  for (const area of areas) if (area.control?.(method, route, raw, res)) return;
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
    pins?.reset();
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
