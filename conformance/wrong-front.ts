/**
 * Test helper: a deliberately wrong server made from the honest one. It forwards every request to the mock stack's
 * API and lets planted faults change what passes: answer themselves (accept a bad body, answer 500, lose a write),
 * or change the request before it is forwarded (drop the caller's token for an administrator's: a leak). Each check's
 * test plants the faults of its kind and proves the run reports each one under the right check and rule.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Operation } from '../mocks/contract.ts';
import { readBody } from '../mocks/front.ts';
import { contract } from './test-support.ts';

export interface ForwardedRequest {
  operation: Operation;
  method: string;
  /** Path and query below the target (the contract's path, e.g. `/command/devices/1/zones?x=1`). */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * A fault: `undefined` forwards the request unchanged; a request forwards that one instead; a function answers the
 * request itself (nothing is forwarded).
 */
export type Fault = (request: ForwardedRequest) => ForwardedRequest | ((res: ServerResponse) => void) | undefined;

export interface WrongFront {
  /** The base URL to test (`…/api`). */
  url: string;
  /** The operations a fault changed, in order (to prove the fault was exercised). */
  faulted: string[];
  stop(): Promise<void>;
}

export const answerJson = (status: number, value: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};

const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/** Starts the wrong server in front of `upstream` (the honest mock's `…/api`), with faults by operation id. */
export async function startWrongFront(upstream: string, faults: Record<string, Fault>): Promise<WrongFront> {
  const faulted: string[] = [];
  const server = createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const url = req.url ?? '/';
      const pathname = new URL(url, 'http://wrong').pathname.replace(/^\/api(?=\/|$)/, '') || '/';
      const method = (req.method ?? 'GET').toUpperCase();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (!HOP.has(name) && typeof value === 'string') headers[name] = value;
      }
      const matched = contract.match(method, pathname);
      let request: ForwardedRequest | undefined = matched && {
        operation: matched.operation,
        method,
        url: url.replace(/^\/api(?=\/|$)/, ''),
        headers,
        body,
      };
      const fault = matched && faults[matched.operation.operationId];
      if (request && fault) {
        const changed = fault(request);
        if (changed) faulted.push(matched.operation.operationId);
        if (typeof changed === 'function') return changed(res);
        if (changed) request = changed;
      }
      const forwarded = await fetch(`${upstream}${request?.url ?? url.replace(/^\/api(?=\/|$)/, '')}`, {
        method,
        headers: request?.headers ?? headers,
        body: method === 'GET' || method === 'HEAD' || !body.length ? undefined : new Uint8Array(request?.body ?? body),
        redirect: 'manual',
      });
      const answer = Buffer.from(await forwarded.arrayBuffer());
      const out: Record<string, string> = {};
      forwarded.headers.forEach((value, name) => {
        if (!HOP.has(name) && name !== 'content-encoding') out[name] = value;
      });
      res.writeHead(forwarded.status, out).end(answer);
    } catch (error) {
      if (!res.headersSent)
        answerJson(502, { message: `wrong front: ${(error as Error).message}`, status: 'Error' })(res);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    faulted,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
