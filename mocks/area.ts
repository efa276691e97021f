/**
 * What an area of the mock is (mocks/areas.ts lists them, one file each under mocks/areas/): the part of the mock API
 * that behaves like a server beyond the contract's examples for some operations. The front (front.ts) parses each
 * request, checks its access and forwards it to Prism; an area picks the example that fits, rewrites Prism's answer
 * with what it remembers, and may answer paths of its own. An area is written as handlers keyed by the contract's
 * operation ids, typed by the contract (mocks/define-area.ts). The helpers here are what areas share.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from './caller.ts';
import type { Contract } from './contract.ts';

/** A JSON request body. */
export type Body = Record<string, unknown>;

/** What an area of the mock sees of a request. */
export interface AreaRequest {
  params: Record<string, string>;
  body: Body;
  query: URLSearchParams;
  /** The bearer token's claims (`UserType`, `Username` …); empty without a token. */
  claims: Record<string, unknown>;
  /** Who calls, their level and reach, worked out once by the front (mocks/caller.ts); none without a valid token. */
  caller?: Caller;
  /** The raw body (a multipart form, for example). */
  raw: Buffer;
  contentType: string;
  /** The origin the caller's browser is on (`originOf`), else the mock API's own. */
  origin: string;
  /** The request's headers (lower-case names). */
  headers: IncomingHttpHeaders;
  /** The caller's address as the attempt limits key a client (mocks/client-address.ts); set by the front. */
  client?: string;
}

/** The example Prism answers with (`Prefer: example=`, `code=`); empty lets Prism choose. */
export interface Choice {
  example?: string;
  code?: string;
}

/**
 * An area of the mock. Each operation is named by its key, `get /path/{id}`. Every hook is optional:
 *  - `choose` picks the example for a request the mock chooses for (one without a developer's own `Prefer`);
 *  - `answer` rewrites Prism's 2xx answer to such a request (Prism validated it): remember, then rewrite;
 *  - `reshape` rewrites every 200 answer after `answer`, a developer's chosen example too (a paged list);
 *  - `sent` acts once a 2xx answer was sent, a developer's chosen example too (a command reaches the panel);
 *  - `handle` answers a request before Prism sees it, for paths the area serves itself;
 *  - `reset` forgets what it remembered (the mock's `areas/reset` control);
 *  - `control` answers a mock control of its own (`<prefix>/__mock/<route>`, mocks/controls.ts);
 *  - `stop` ends what it runs by itself (timers) when the mock stops;
 *  - `settled` learns every answer the front sent to an operation, whatever its status (an access refusal, Prism's
 *    answer, whoever chose it): what failed as well as what succeeded (a wrong sign-in, a 403).
 */
export interface MockArea {
  /** The example for an operation; undefined when the operation is not the area's. */
  choose?(key: string, request: AreaRequest): Choice | undefined;
  /** The answer to send once Prism answered 2xx to a request the mock chose for. */
  answer?(key: string, request: AreaRequest, payload: Buffer): Buffer;
  /** The answer to send once Prism answered 200, whoever chose the example. */
  reshape?(key: string, request: AreaRequest, payload: Buffer): Buffer;
  /** What follows a 2xx answer (200, a start's 201) once it was sent, whoever chose the example. */
  sent?(key: string, request: AreaRequest, payload: Buffer): void;
  /**
   * Answers a request before Prism sees it (`pathname` with its prefix, such as `/files/resources/download`): true
   * when it answered.
   */
  handle?(method: string, pathname: string, request: AreaRequest, res: ServerResponse): boolean | Promise<boolean>;
  reset?(): void;
  /** Answers one of the area's own mock controls (`route` after `/__mock/`): true when it answered. */
  control?(method: string, route: string, raw: Buffer, res: ServerResponse): boolean;
  stop?(): void;
  /** Any answer the front sent to an operation, with its status (after `sent` for a 2xx). */
  settled?(key: string, request: AreaRequest, status: number, payload: Buffer): void;
}

/** Whether a status answer confirms (`StatusResult`: a `status` containing `Success`). */
export const statusConfirms = (payload: Buffer): boolean => {
  try {
    const answer = JSON.parse(payload.toString('utf8')) as { status?: unknown };
    return typeof answer.status === 'string' && answer.status.includes('Success');
  } catch {
    return false;
  }
};

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

/** The browser origin a request came from (Origin, else Referer), when it is http(s). */
export function originOf(req: IncomingMessage | undefined): string | undefined {
  for (const header of [req?.headers.origin, req?.headers.referer]) {
    if (typeof header !== 'string') continue;
    try {
      const url = new URL(header);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {
      // not a URL
    }
  }
  return undefined;
}

export const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

export const sendJson = (res: ServerResponse, status: number, body: unknown): void =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** The `data` of a named example of a GET operation's answer (undefined when there is none). */
export function exampleData(contract: Contract, path: string, name: string): unknown {
  const operation = contract.operations.find((op) => op.method === 'get' && op.path === path);
  const value = operation && contract.responseExamples(operation).get(name)?.example.value;
  return (value as { data?: unknown } | undefined)?.data;
}

/** Picks among the named examples the contract gives one operation's answers. */
export interface ExamplePicker {
  /** The first of `names` the operation has, with its status; empty when it has none of them. */
  pick(...names: string[]): Choice;
  /** The first example whose name starts with `prefix`. */
  pickPrefix(prefix: string): Choice;
  has(name: string): boolean;
}

/** The example picker of an operation by its key (`post /logins`); made once per operation. */
export function examplePickers(contract: Contract): (key: string) => ExamplePicker {
  const made = new Map<string, ExamplePicker>();
  const build = (key: string): ExamplePicker => {
    const operation = contract.operations.find((op) => `${op.method} ${op.path}` === key);
    const available = operation ? contract.responseExamples(operation) : new Map<string, { status: string }>();
    const pick = (...names: string[]): Choice => {
      for (const name of names) {
        const found = available.get(name);
        if (found) return { example: name, code: found.status };
      }
      return {};
    };
    return {
      pick,
      pickPrefix: (prefix) => pick([...available.keys()].find((name) => name.startsWith(prefix)) ?? ''),
      has: (name) => available.has(name),
    };
  };
  return (key) => made.get(key) ?? made.set(key, build(key)).get(key)!;
}
