/**
 * The mock API front. The console talks to it; it forwards every call to Prism (which answers from the
 * contract's examples and validates the request) and makes the mock behave like one installation:
 *  - it picks the named example that fits the request (the signed-in user, the panel asked for, the
 *    settings group read, a wrong panel password, a disconnected panel), using Prism's `Prefer` header;
 *  - it hands accepted panel commands to the panel simulator, so their effect arrives on the live feed.
 * A request that already carries `Prefer` is passed through untouched (a developer choosing an example).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Contract, Operation } from './contract.ts';

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

export interface FrontOptions {
  port: number;
  prismUrl: string;
  contract: Contract;
  simulator: CommandSink;
  /** Path prefixes the console uses (`/api` for the REST calls, `/files` for the file store). */
  prefixes?: string[];
}

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

/** The named example that fits a request, among those the contract offers for its operation. */
export function chooseExample(
  contract: Contract,
  operation: Operation,
  request: { params: Record<string, string>; body: Body; authorization?: string },
  simulator: CommandSink,
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
  const username = String(tokenClaims(request.authorization).Username ?? '');

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
      if (command === 'USER') {
        return pick(
          simulator.isPanelPassword(devId, String(body.user_pass ?? '')) ? 'password-check' : 'password-wrong',
        );
      }
      if (command === 'EVENT') return pick('event-log');
      return pickPrefix(`group-${Number(body.group)}-`);
    }
    case 'post /command/devices/controlpanel':
      if (!simulator.isConnected(devId)) return pick('disconnected');
      if (!simulator.isPanelPassword(devId, String(body.password ?? ''))) return pick('panel-error');
      return pick('success');
    default:
      return {};
  }
}

/**
 * Device ids of the panels the mock API lists for the bearer of `token`: their panel list, and for an
 * administrator (user type 2) the list of every panel. The broker's ACL follows it, so a user can watch live
 * exactly the panels the API shows them.
 */
export function panelsOf(contract: Contract, token: string, simulator: CommandSink): number[] {
  const authorization = `Bearer ${token}`;
  const listed = (path: string, params: Record<string, string>): number[] => {
    const operation = contract.operations.find((op) => op.method === 'get' && op.path === path);
    if (!operation) return [];
    const examples = contract.responseExamples(operation);
    // Without a choice Prism answers with the first example of the success response.
    const name =
      chooseExample(contract, operation, { params, body: {}, authorization }, simulator).example ??
      [...examples].find(([, found]) => found.status.startsWith('2'))?.[0];
    const value = name ? (examples.get(name)?.example.value as { data?: unknown } | undefined) : undefined;
    const rows = Array.isArray(value?.data) ? (value.data as { dev_id?: unknown }[]) : [];
    return rows.map((row) => Number(row.dev_id)).filter((devId) => Number.isSafeInteger(devId));
  };
  const own = listed('/command/devices/userdevices/{offset}', { offset: '0' });
  const all = tokenClaims(authorization).UserType === 2 ? listed('/command/devices/useralldevices', {}) : [];
  return [...new Set([...own, ...all])];
}

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

export interface RunningFront {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

export async function startFront(options: FrontOptions): Promise<RunningFront> {
  const prefixes = options.prefixes ?? ['/api', '/files'];
  const server = createServer(async (req, res) => {
    try {
      const raw = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://mock');
      const prefix = prefixes.find((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
      const pathname = prefix ? url.pathname.slice(prefix.length) || '/' : url.pathname;
      const method = (req.method ?? 'GET').toUpperCase();
      let body: Body = {};
      if (raw.length && String(req.headers['content-type'] ?? '').includes('json')) {
        try {
          body = JSON.parse(raw.toString('utf8')) as Body;
        } catch {
          body = {};
        }
      }
      const matched = options.contract.match(method, pathname);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (!HOP_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
      }
      if (matched && !headers.prefer) {
        const choice = chooseExample(
          options.contract,
          matched.operation,
          { params: matched.params, body, authorization: headers.authorization },
          options.simulator,
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
      const payload = Buffer.from(await upstream.arrayBuffer());
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
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
