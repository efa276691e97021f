/**
 * Test helpers: a real HTTP server that answers some operations with contract-breaking responses and the others
 * with the contract's own first success example (it records the requests it receives); and the faults planted in a
 * wrong server made from the honest mock, one of each kind the checks beyond the example replay must catch.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Contract, Operation } from '../../mocks/contract.ts';
import { COMMON_PASSWORDS } from '../../mocks/account-passwords.ts';
import { examplePanels } from '../../mocks/panel-owners.ts';
import { answerJson, type Fault, type ForwardedRequest } from './wrong-front.ts';

export interface ReceivedRequest {
  operationId: string;
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface WrongServer {
  url: string;
  received: ReceivedRequest[];
  stop(): Promise<void>;
}

type Breakage = (res: ServerResponse, success: unknown) => void;

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};

const firstRow = (value: unknown): Record<string, unknown> => {
  const copy = structuredClone(value) as { data: Record<string, unknown>[] };
  const row = copy.data[0];
  if (!row) throw new Error('the example has no rows');
  return row;
};

/** The broken answers, by operation id. */
export const BREAKAGES: Record<string, Breakage> = {
  // Wrong type: zone id as a string.
  getPanelZones: (res, success) => {
    const copy = structuredClone(success) as { data: Record<string, unknown>[] };
    copy.data[0] = { ...firstRow(success), id: 'abc' };
    json(res, 200, copy);
  },
  // Missing required field: no `name` in the first output.
  getPanelOutputs: (res, success) => {
    const copy = structuredClone(success) as { data: Record<string, unknown>[] };
    const row = firstRow(success);
    delete row.name;
    copy.data[0] = row;
    json(res, 200, copy);
  },
  // A status the contract does not document.
  getPanelUsers: (res) => json(res, 418, { message: 'teapot', status: 'Error' }),
  // Not JSON although it says so.
  getDevicePart: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{not json');
  },
  // HTML instead of JSON.
  getPanelKeypads: (res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>Internal error</body></html>');
  },
  // A documented error instead of success (the token is not accepted here).
  getCoupons: (res) => json(res, 401, { message: 'Oturum süresi doldu, lütfen tekrar giriş yapın', status: 'Error' }),
  // A server error on a valid request (the contract's own example).
  getSiaCodes: (res) => json(res, 500, { message: 'NullReferenceException', status: 'Error' }),
  // Never answers (the runner's per-request timeout must end it).
  getModelList: () => undefined,
};

const successExample = (contract: Contract, operation: Operation): { status: number; value: unknown } => {
  for (const { status, example } of contract.responseExamples(operation).values()) {
    if (/^2\d\d$/.test(status)) return { status: Number(status), value: example.value };
  }
  return { status: 204, value: undefined };
};

export async function startWrongServer(contract: Contract): Promise<WrongServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
      const match = contract.match(req.method ?? 'GET', pathname);
      if (!match) return json(res, 404, { message: 'no such route', status: 'Error' });
      const { operation } = match;
      received.push({
        operationId: operation.operationId,
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('latin1'),
      });
      const success = successExample(contract, operation);
      const breakage = BREAKAGES[operation.operationId];
      if (breakage) return breakage(res, success.value);
      if (success.value === undefined) {
        res.writeHead(success.status);
        return res.end();
      }
      json(res, success.status, success.value);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The accounts the planted faults tell apart (the run's administrator, end user A) and B's panel. */
export interface FaultAccounts {
  admin: string;
  a: string;
  bPanel: number;
}

const bearer = (headers: Record<string, string>) => headers.authorization?.replace(/^Bearer\s+/i, '');

const successOf = (contract: Contract, operationId: string): unknown =>
  successExample(contract, contract.byId(operationId)).value;

/**
 * One fault of each kind the REST checks must catch, planted in a wrong server made from the honest mock
 * (wrong-front.ts), each where only its own check meets it:
 *  - negative: `updateZone` answers success to any body the administrator sends (it accepts invalid input);
 *  - authz: `getPanelZones` shows B's panel to A (forwarded with the administrator's token), and
 *    `getAlarmDescriptions` answers without a token (forwarded with the administrator's);
 *  - example: `getSiaCodes` answers 500 to the administrator's valid request;
 *  - flow: `changePanelDesc` acknowledges A's rename of a panel neither of the examples nor B's (a panel just added)
 *    and keeps nothing; `changePassword` accepts a common password of the policy's length (the password flow).
 */
export function plantedFaults(contract: Contract, accounts: FaultAccounts): Record<string, Fault> {
  const asAdmin = (request: ForwardedRequest): ForwardedRequest => ({
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${accounts.admin}` },
  });
  const known = new Set([...examplePanels(contract).map((panel) => panel.dev_id), accounts.bPanel]);
  return {
    updateZone: (request) =>
      bearer(request.headers) === accounts.admin ? answerJson(200, successOf(contract, 'updateZone')) : undefined,
    getPanelZones: (request) =>
      bearer(request.headers) === accounts.a && request.url.includes(`/${accounts.bPanel}/`)
        ? asAdmin(request)
        : undefined,
    getAlarmDescriptions: (request) => (request.headers.authorization ? undefined : asAdmin(request)),
    getSiaCodes: (request) =>
      bearer(request.headers) === accounts.admin
        ? answerJson(500, { message: 'NullReferenceException', status: 'Error' })
        : undefined,
    changePanelDesc: (request) => {
      if (bearer(request.headers) !== accounts.a) return undefined;
      const body = JSON.parse(request.body.toString('utf8') || '{}') as { device_id?: unknown };
      return known.has(Number(body.device_id)) ? undefined : answerJson(200, successOf(contract, 'changePanelDesc'));
    },
    changePassword: (request) => {
      const body = JSON.parse(request.body.toString('utf8') || '{}') as { new?: unknown };
      const next = typeof body.new === 'string' ? body.new : '';
      return next.length >= 8 && COMMON_PASSWORDS.has(next.toLowerCase())
        ? answerJson(200, successOf(contract, 'changePassword'))
        : undefined;
    },
  };
}
