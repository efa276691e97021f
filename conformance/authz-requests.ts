/**
 * How the authorization matrix makes a cell's request from the valid one: another bearer token (or a broken one, or
 * none), another account's value where an ownership rule names it, and the control (A on A's own panel or user).
 */
import type { Operation } from '../mocks/contract.ts';
import { type OwnershipRule } from '../mocks/access.ts';
import { type CheckContext, type Identities, type Identity } from './checks.ts';
import { noAnswer, type DirectAnswer } from './direct.ts';
import { isObject, type PlannedRequest } from './requests.ts';

/**
 * A token whose signature no longer matches: the first character of a JWT's signature part (it carries six whole
 * bits, unlike the last one, which a lenient base64 decoder may read the same), else of the token's second half.
 */
export function brokenToken(token: string): string {
  const parts = token.split('.');
  const at = parts.length === 3 && parts[2] ? token.length - parts[2].length : Math.floor(token.length / 2);
  const old = token[at] ?? '';
  const changed = old === 'A' ? 'B' : 'A';
  return `${token.slice(0, at)}${changed}${token.slice(at + 1)}`;
}

/** The request with another bearer token, or none. */
export const withToken = (request: PlannedRequest, token: string | undefined): PlannedRequest => {
  const headers = { ...request.headers };
  delete headers.authorization;
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  return { ...request, headers };
};

/** What an ownership rule's value is called in a cell's name: `panel (path id)`, `user (body user_id)`. */
export const ruleLabel = (rule: OwnershipRule): string =>
  `${rule.object} (${rule.in} ${rule.name}${rule.object === 'panel' && rule.key === 'id' ? ', record id' : ''})`;

/** An account's value for a rule: its panel's dev_id or record id, or its user id; undefined when it has no panel. */
export const valueFor = (identity: Identity, rule: OwnershipRule): number | undefined => {
  if (rule.object === 'user') return identity.userId;
  if (rule.object === 'queued_write') return identity.queuedWrite;
  if (!identity.panel) return undefined;
  return rule.key === 'id' ? identity.panel.id : identity.panel.dev_id;
};

/** The value as the example had it: digits stay a string, a number a number. */
const like = (example: unknown, value: number): string | number =>
  typeof example === 'string' ? String(value) : value;

/**
 * The planned (valid) request with `value` where the rule names it. A path value also replaces a top-level body
 * property of the same name that repeated the old one (`updateZone` names its panel in both), so the request stays
 * consistent and only its reach changes.
 */
export function substitute(
  operation: Operation,
  request: PlannedRequest,
  rule: Pick<OwnershipRule, 'in' | 'name'>,
  value: number,
): PlannedRequest {
  const url = new URL(request.url, 'http://target');
  let body = request.body;
  const json = typeof body === 'string' && /json/.test(request.contentType ?? '') ? safeParse(body) : undefined;
  if (rule.in === 'path') {
    const template = operation.path.split('/');
    const segments = url.pathname.split('/');
    const index = template.indexOf(`{${rule.name}}`);
    if (index >= 0 && segments.length === template.length) {
      const old = decodeURIComponent(segments[index]!);
      segments[index] = encodeURIComponent(String(value));
      url.pathname = segments.join('/');
      if (isObject(json) && json[rule.name] !== undefined && String(json[rule.name]) === old) {
        json[rule.name] = like(json[rule.name], value);
        body = JSON.stringify(json);
      }
    }
  } else if (rule.in === 'query') {
    url.searchParams.set(rule.name, String(value));
  } else if (isObject(json)) {
    json[rule.name] = like(json[rule.name], value);
    body = JSON.stringify(json);
  } else if (body instanceof FormData) {
    body.set(rule.name, String(value));
  }
  return { ...request, url: `${url.pathname}${url.search}`, ...(body !== undefined ? { body } : {}) };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export type Control =
  | { kind: 'ok'; status: number }
  | { kind: 'refused'; status: number; request: PlannedRequest; answer: DirectAnswer }
  | { kind: 'none'; reason: string; request: PlannedRequest };

export type Sender = (request: PlannedRequest) => Promise<DirectAnswer>;

/** The control of an operation that reads: A on A's own panels and users, sent once, shared by its cells. */
export function controlOf(
  ctx: CheckContext,
  operation: Operation,
  ids: Identities,
  rules: OwnershipRule[],
  planned: () => PlannedRequest,
  send: Sender,
): () => Promise<Control> {
  let promise: Promise<Control> | undefined;
  return () => {
    promise ??= (async (): Promise<Control> => {
      let request = withToken(planned(), ids.a.token);
      for (const rule of rules) {
        const value = valueFor(ids.a, rule);
        if (value === undefined) return { kind: 'none', reason: 'A has no panel (give "a.panel")', request };
        request = substitute(operation, request, rule, value);
      }
      try {
        const answer = await send(request);
        return [401, 403, 404].includes(answer.status)
          ? { kind: 'refused', status: answer.status, request, answer }
          : { kind: 'ok', status: answer.status };
      } catch (error) {
        return { kind: 'none', reason: noAnswer(error, ctx.timeoutMs), request };
      }
    })();
    return promise;
  };
}
