/**
 * Test helper: a real HTTP server that answers some operations with contract-breaking responses and the others with
 * the contract's own first success example (it records the requests it receives). The faults planted in a wrong
 * server made from the honest mock are in planted-faults.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Contract, Operation } from '../mocks/contract.ts';

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

export const successExample = (contract: Contract, operation: Operation): { status: number; value: unknown } => {
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
