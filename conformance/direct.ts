/**
 * A request sent straight to the server under test (not through Prism's proxy, which would refuse a bad request or a
 * missing token itself), its answer, and the exchange a report keeps of a failing case.
 */
import type { PlannedRequest } from './requests.ts';
import { fetchOnceMore, mayRepeat } from './retry.ts';

/** A request and what the server answered, as the reports show a failing case. */
export interface Exchange {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response?: { status: number; contentType: string; body: string };
}

/** Characters of a body kept in a report. */
export const BODY_LIMIT = 4000;

const cut = (text: string): string =>
  text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}… (${text.length} characters)` : text;

export interface DirectAnswer {
  status: number;
  contentType: string;
  body: string;
  /** The body parsed as JSON, when it is. */
  json?: unknown;
  /** The answer's headers (lower-case names). */
  headers?: Record<string, string>;
}

/**
 * Sends a planned request straight to the target (`target` + `request.url`); throws when there is no answer. A
 * request that may be repeated is sent once more when its connection was lost before any answer (retry.ts).
 */
export async function sendDirect(
  target: string,
  request: PlannedRequest,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<DirectAnswer> {
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  const init = { method: request.method, headers: request.headers, body: request.body ?? null };
  const signal = AbortSignal.any(signals);
  const response = await fetchOnceMore(
    `${target}${request.url}`,
    { ...init, redirect: 'manual', signal },
    mayRepeat(request),
  );
  const body = await response.text();
  let json: unknown;
  try {
    json = body ? (JSON.parse(body) as unknown) : undefined;
  } catch {
    json = undefined;
  }
  const headers = Object.fromEntries(response.headers.entries());
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body, json, headers };
}

/** The exchange of a request and its answer, as a report keeps it (the token shortened). */
export function exchangeOf(request: PlannedRequest, answer?: DirectAnswer): Exchange {
  const headers = { ...request.headers };
  if (headers.authorization) headers.authorization = headers.authorization.replace(/^(Bearer \S{0,12})\S*/, '$1…');
  return {
    request: {
      method: request.method,
      url: request.url,
      headers,
      ...(typeof request.body === 'string'
        ? { body: cut(request.body) }
        : request.body
          ? { body: '(multipart form)' }
          : {}),
    },
    ...(answer ? { response: { status: answer.status, contentType: answer.contentType, body: cut(answer.body) } } : {}),
  };
}

/** Why a request got no answer, in words. */
export const noAnswer = (error: unknown, timeoutMs: number): string => {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `the request failed: ${error instanceof Error ? error.message : String(error)}${cause}`;
};
