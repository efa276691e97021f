// Over 200 lines: the mock API's one request path, its steps in order (controls, ids, areas, access, gate, Prism).
/**
 * The mock API front. The console talks to it; it forwards every call to Prism (which answers from the contract's
 * examples and validates the request) and makes the mock behave like one installation:
 *  - first it enforces what the contract says the backend must (mocks/access.ts: 401 without a token it signed, 403
 *    below the operation's level or without the plan, 404 for a panel or user out of the caller's reach), whatever
 *    `Prefer` says; adding, removing or copying a panel changes the panels' links (shared with the broker, which drops
 *    connections that lost a panel); then the panel password gate (mocks/panel-password-gate.ts): a locked call
 *    answers 429 before any panel or known copy is asked, a wrong password is counted once per call;
 *  - the areas of the mock (mocks/areas.ts, one file each under mocks/areas/) pick the named example that fits the
 *    request, sent to Prism as its `Prefer` header, rewrite Prism's answer with what they remember, and answer the
 *    paths they serve themselves (the file store, the dealers' files, the fake payment provider).
 * A request that already carries `Prefer` is passed through untouched (a developer choosing an example): no area
 * chooses for it or remembers it.
 *
 * Under `<prefix>/__mock/` it also answers the mock's own controls (mocks/controls.ts); a slow or failing API set
 * there or at start (mocks/api-faults.ts) holds or refuses every other call before anything else.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { MockAccess } from './access.ts';
import { ApiFaults } from './api-faults.ts';
import { originOf, sendJson, type AreaRequest, type Body, type Choice, type MockArea } from './area.ts';
import { answerInLanguage, bodyInLanguage } from './answer-language.ts';
import { mockAreas } from './areas.ts';
import { mockPayments, PAYMENT_CALLBACK_PATH } from './areas/payments.ts';
import { callerOf } from './caller.ts';
import type { CommandSink } from './command-sink.ts';
import type { Contract } from './contract.ts';
import { clientAddress } from './client-address.ts';
import { CONTROL_PATH, handleControl, type MockControls } from './controls.ts';
import { RequestParser } from './request-values.ts';
import { MockDb } from './db/index.ts';
import { PanelPasswordGate } from './panel-password-gate.ts';
import { PurchaseOwners } from './purchase-owners.ts';
import { PanelQueue } from './queue/panel-queue.ts';
import { answeredToken, RefreshCookies, refreshCookieName, sessionModeOf, type SessionMode } from './refresh-cookie.ts';
import type { SettingsStore } from './db/settings-store.ts';
import { sessionCookieControl } from './session-controls.ts';

export interface FrontOptions {
  port: number;
  prismUrl: string;
  contract: Contract;
  simulator: CommandSink;
  /** The mock's control routes (`/__mock/...`); without it they answer 404. */
  controls?: MockControls;
  /** Path prefixes the console uses (`/api` for the REST calls, `/files` for the file store). */
  prefixes?: string[];
  /** The mock's stores (mocks/db/); by default new ones, with `settings` and the stores of `access` when given. */
  db?: MockDb;
  /** The panels' programming (settings writes); a new, empty one by default. */
  settings?: SettingsStore;
  /** The areas that behave like a server beyond the examples (mocks/areas.ts by default). */
  areas?: MockArea[];
  /** The access rules and the panels' links (mocks/access.ts); the stack shares them with the broker. */
  access?: MockAccess;
  /** Start with the contract's example programming queue, back after each areas reset (default: empty). */
  queueExamples?: boolean;
  /** The panel password gate (mocks/panel-password-gate.ts: attempt limits, rights); a new one by default. */
  pins?: PanelPasswordGate;
  /** A slow or failing API on purpose (mocks/api-faults.ts); none by default. */
  faults?: ApiFaults;
  /** The refresh cookie's mode (mocks/refresh-cookie.ts): `MOCK_SESSION`, `cookie` by default. */
  session?: SessionMode;
}

export interface RunningFront {
  url: string;
  server: Server;
  /** The panels' programming the front remembers. */
  settings: SettingsStore;
  /** The programming queue: writes waiting for their panel to connect. */
  queue: PanelQueue;
  stop(): Promise<void>;
}

/** The whole body of a request. */
export const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** A JSON body, else an empty one (Prism judges what is not JSON). */
function jsonBody(raw: Buffer, contentType: string): Body {
  if (!raw.length || !contentType.includes('json')) return {};
  try {
    return JSON.parse(raw.toString('utf8')) as Body;
  } catch {
    return {};
  }
}

const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/** Prism's `Prefer` header for a choice; empty lets Prism choose. */
const preferOf = (choice: Choice): string =>
  [choice.code && `code=${choice.code}`, choice.example && `example=${choice.example}`].filter(Boolean).join(', ');

export async function startFront(options: FrontOptions): Promise<RunningFront> {
  const { contract, port } = options;
  const prefixes = options.prefixes ?? ['/api', '/files'];
  const db =
    options.db ??
    new MockDb(contract, {
      settings: options.settings,
      owners: options.access?.owners,
      users: options.access?.users,
      sessions: options.access?.sessions,
    });
  const { settings } = db;
  const payments = mockPayments(contract, `http://127.0.0.1:${port}${prefixes[0]}${PAYMENT_CALLBACK_PATH}`);
  const access = options.access ?? new MockAccess(contract, db.owners, db.users, db.sessions);
  access.purchases = new PurchaseOwners(contract, payments.orders, access.users);
  access.boughtAuthority = (id) => payments.subscriptions.authorityOf(id);
  const parser = new RequestParser(contract);
  const queue = new PanelQueue({
    contract,
    simulator: options.simulator,
    settings,
    userType: (id) => access.account(id)?.user_type,
    examples: options.queueExamples ?? false,
  });
  const pins = options.pins ?? new PanelPasswordGate(contract, options.simulator);
  access.queuedPanel = (id) => queue.get(id)?.dev_id;
  const areas =
    options.areas ?? mockAreas({ contract, db, simulator: options.simulator, access, settings, payments, queue, pins });
  // The one reset forgets, after the stores, what each area and the panel password gate keep of their own.
  for (const area of areas) if (area.reset) db.alsoForget(() => area.reset?.());
  db.alsoForget(() => pins.reset());
  const faults = options.faults ?? new ApiFaults();
  const cookies = new RefreshCookies(
    refreshCookieName(contract.document),
    options.session ?? sessionModeOf(),
    access.sessions.policy,
  );
  const controlParts = {
    controls: options.controls,
    db,
    settings,
    payments,
    areas,
    owners: access.owners,
    queue,
    pins,
    faults,
  };
  const server = createServer(async (req, res) => {
    try {
      const raw = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://mock');
      const prefix = prefixes.find((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
      const pathname = prefix ? url.pathname.slice(prefix.length) || '/' : url.pathname;
      const method = (req.method ?? 'GET').toUpperCase();
      if (pathname.startsWith(CONTROL_PATH)) {
        // A test's session cookie, where the other test controls are (mocks/session-controls.ts).
        const route = pathname.slice(CONTROL_PATH.length);
        if (options.controls && sessionCookieControl(cookies, access, method, route, raw, res)) return;
        return await handleControl(controlParts, method, pathname.slice(CONTROL_PATH.length), raw, res);
      }
      // A slow or failing API, when asked for: the delay first, then the failure instead of the call.
      if (await faults.intercept(url.pathname, res)) return;
      const contentType = String(req.headers['content-type'] ?? '');
      const body = jsonBody(raw, contentType);
      const matched = contract.match(method, pathname);
      const params = matched?.params ?? {};
      // A renewal from a test's cookie answers the token the test chose while it is valid (mocks/session-controls.ts).
      const opKey = matched && `${matched.operation.method} ${matched.operation.path}`;
      const pinned = cookies.pinnedToken(opKey, req.headers.authorization, req.headers.cookie);
      if (pinned !== undefined) {
        if (!('refused' in access.verify(`Bearer ${pinned}`)))
          return sendJson(res, 200, { data: { data: { token: pinned } } });
        cookies.unpin(req.headers.cookie);
      }
      // The renewal and the sign-out without a bearer token: the refresh cookie's session stands for it.
      req.headers.authorization = cookies.authorization(
        matched && `${matched.operation.method} ${matched.operation.path}`,
        req.headers.authorization,
        req.headers.cookie,
      );
      // Only a token the mock signed, unexpired, of a session not revoked, has a caller and claims.
      const caller = callerOf(access, req.headers.authorization);
      const request: AreaRequest = {
        params,
        body,
        query: url.searchParams,
        claims: caller?.claims ?? {},
        caller,
        raw,
        contentType,
        origin: originOf(req) ?? `http://127.0.0.1:${port}`,
        headers: req.headers,
        client: clientAddress(req),
      };
      // Ids are parsed once, by their schemas (mocks/ids.ts), before any area or access check reads one: a value
      // not of its exact form answers 400, whoever asks.
      const parsed = matched && parser.parse(matched.operation, request);
      if (parsed && 'refused' in parsed) {
        const refused = access.refusal(matched.operation, 400, 'bad-request', parsed.refused);
        return sendJson(res, refused.status, bodyInLanguage(req.headers.language, refused.body));
      }
      for (const area of areas) {
        if (await area.handle?.(method, url.pathname, request, res)) return;
      }
      // What the backend must enforce (openapi/README.md): 401, 403 and 404 before Prism sees the request.
      const accessRequest = { authorization: req.headers.authorization, params, query: url.searchParams, body };
      const refused = matched && access.check(matched.operation, accessRequest);
      if (refused) {
        sendJson(res, refused.status, bodyInLanguage(req.headers.language, refused.body));
        const key = `${matched.operation.method} ${matched.operation.path}`;
        for (const area of areas)
          area.settled?.(key, request, refused.status, Buffer.from(JSON.stringify(refused.body)));
        return;
      }
      // A panel password: its attempt limit (429), a wrong one the server judges, rights short (403).
      const language = typeof req.headers.language === 'string' ? req.headers.language : undefined;
      const gated = matched && pins.check(matched.operation, { ...request, language });
      if (gated) {
        res.writeHead(gated.status, { 'content-type': 'application/json', ...gated.headers });
        return void res.end(JSON.stringify(gated.body));
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (!HOP_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
      }
      // A developer's own `Prefer` gets Prism's answer untouched (and stores nothing).
      const developerChose = Boolean(headers.prefer);
      const key = matched && `${matched.operation.method} ${matched.operation.path}`;
      if (key && !developerChose) {
        const choice = areas.map((area) => area.choose?.(key, request)).find((found) => found !== undefined);
        const prefer = choice && preferOf(choice);
        if (prefer) headers.prefer = prefer;
      }
      const upstream = await fetch(`${options.prismUrl}${pathname}${url.search}`, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' || !raw.length ? undefined : new Uint8Array(raw),
      });
      let payload: Buffer = Buffer.from(await upstream.arrayBuffer());
      if (key && !developerChose && upstream.ok) {
        access.remember(matched.operation, accessRequest);
        for (const area of areas) if (area.answer) payload = area.answer(key, request, payload);
      }
      if (key && upstream.status === 200) {
        for (const area of areas) if (area.reshape) payload = area.reshape(key, request, payload);
      }
      // The backend's own texts in the caller's language (mocks/answer-language.ts).
      payload = answerInLanguage(req.headers.language, key, payload);
      const responseHeaders: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        // Prism's made-up `Set-Cookie` (the contract declares one) never passes: the refresh cookie is the front's.
        if (!HOP_HEADERS.has(name) && name !== 'content-encoding' && name !== 'set-cookie')
          responseHeaders[name] = value;
      });
      const setCookie = cookies.setCookie(key, upstream.status, answeredToken(payload), req.headers.cookie);
      if (setCookie) responseHeaders['set-cookie'] = setCookie;
      res.writeHead(upstream.status, responseHeaders).end(payload);
      if (key && upstream.ok) for (const area of areas) area.sent?.(key, request, payload);
      if (key) for (const area of areas) area.settled?.(key, request, upstream.status, payload);
    } catch (error) {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `Mock front error: ${(error as Error).message}`, status: 'Error' }));
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    settings,
    queue,
    stop: () =>
      new Promise((resolve) => {
        queue.stop();
        for (const area of areas) area.stop?.();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
