/**
 * Reads what Prism's validating proxy (`prism proxy --errors`) answered. Observed with Prism 5.14.2:
 *  - a response that breaks the contract: 500 `application/problem+json`, type `…#VIOLATIONS`, the violations in
 *    `validation` and in the `sl-violations` header (locations start with `response`);
 *  - a status the operation does not document: the server's answer passed through, with an `sl-violations` header
 *    holding one Warning "Unable to match the returned status code …";
 *  - a body that is not JSON under a JSON media type: 500 problem+json, type `FetchError`, title "invalid json
 *    response body at … reason: …", no header;
 *  - the server not reachable: 500 problem+json, type `FetchError`, title "request to … failed, reason: …";
 *  - an invalid request: 422 problem+json, type `…#UNPROCESSABLE_ENTITY`, `validation` with locations such as
 *    `query.limit`, `header.agent`, `body.old` (not forwarded); a missing or malformed token: 401, type
 *    `…#UNAUTHORIZED` (not forwarded); an unknown route: 404, type `…#NO_PATH_MATCHED_ERROR`.
 */
import { isObject } from './requests.ts';
import type { Outcome, Violation } from './types.ts';

export interface ProxyAnswer {
  status: number;
  contentType: string;
  slViolations: string | null;
  body: string;
}

export interface Classification {
  outcome: Outcome;
  violations: Violation[];
  requestViolations: Violation[];
  prismError?: { status: number; type: string; title: string };
  reason?: string;
}

const PRISM_ERRORS = 'https://stoplight.io/prism/errors#';
/** Prism problem types that describe the request (Prism answers them itself, without forwarding). */
const REQUEST_ERRORS = new Set([
  'UNPROCESSABLE_ENTITY',
  'UNAUTHORIZED',
  'NO_PATH_MATCHED_ERROR',
  'NO_METHOD_MATCHED_ERROR',
  'NO_SERVER_MATCHED_ERROR',
  'INVALID_CONTENT_TYPE',
  'NOT_ACCEPTABLE',
]);
const UNMATCHED_STATUS = /Unable to match the returned status code/i;

const toViolation = (raw: unknown): Violation | undefined => {
  if (!isObject(raw)) return undefined;
  const location = Array.isArray(raw.location) ? raw.location.map(String).join('.') : String(raw.location ?? '');
  return {
    location,
    message: String(raw.message ?? ''),
    severity: String(raw.severity ?? 'Error'),
    ...(raw.code !== undefined ? { code: String(raw.code) } : {}),
  };
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

export const parseViolations = (raw: unknown): Violation[] =>
  Array.isArray(raw) ? raw.map(toViolation).filter((v): v is Violation => v !== undefined) : [];

const isResponseSide = (violation: Violation) =>
  violation.location === 'response' || violation.location.startsWith('response.');

interface Problem {
  status: number;
  type: string;
  title: string;
  detail: string;
  validation: Violation[];
}

const readProblem = (answer: ProxyAnswer): Problem | undefined => {
  if (!/application\/problem\+json/i.test(answer.contentType)) return undefined;
  const body = parseJson(answer.body);
  if (!isObject(body) || typeof body.type !== 'string') return undefined;
  const prismType = body.type.startsWith(PRISM_ERRORS) || body.type === 'FetchError';
  if (!prismType) return undefined;
  return {
    status: typeof body.status === 'number' ? body.status : answer.status,
    type: body.type,
    title: String(body.title ?? ''),
    detail: String(body.detail ?? ''),
    validation: parseViolations(body.validation),
  };
};

/** Classifies Prism's answer; `expected` are the statuses counted as success, `documented` all documented ones. */
export function classify(answer: ProxyAnswer, expected: string[], documented: string[]): Classification {
  const problem = readProblem(answer);
  const header = parseViolations(parseJson(answer.slViolations ?? ''));
  if (problem) {
    const prismError = { status: problem.status, type: problem.type, title: problem.title };
    const listed = problem.validation.length > 0 ? problem.validation : header;
    if (problem.type === 'FetchError') {
      if (/^request to .* failed/i.test(problem.title)) {
        return { outcome: 'unreachable', violations: [], requestViolations: [], prismError, reason: problem.title };
      }
      // e.g. "invalid json response body at … reason: Unexpected token …"
      const violation = { location: 'response.body', message: problem.title, severity: 'Error' };
      return { outcome: 'response-violation', violations: [violation], requestViolations: [], prismError };
    }
    const kind = problem.type.slice(PRISM_ERRORS.length);
    if (kind === 'UPSTREAM_NOT_IMPLEMENTED' && !documented.includes('501')) {
      const violation = { location: 'response', message: 'The server answered 501 Not Implemented', severity: 'Error' };
      return { outcome: 'undocumented-status', violations: [violation], requestViolations: [], prismError };
    }
    if (REQUEST_ERRORS.has(kind)) {
      const requestViolations =
        listed.length > 0
          ? listed
          : [{ location: 'request', message: `${problem.title}: ${problem.detail}`, severity: 'Error' }];
      return { outcome: 'request-violation', violations: [], requestViolations, prismError };
    }
    const violations = listed.filter(isResponseSide);
    const requestViolations = listed.filter((v) => !isResponseSide(v));
    if (violations.length === 0 && requestViolations.length === 0) {
      violations.push({ location: 'response', message: `${problem.title}: ${problem.detail}`, severity: 'Error' });
    }
    const outcome = violations.length > 0 ? 'response-violation' : 'request-violation';
    return { outcome, violations, requestViolations, prismError };
  }

  const status = String(answer.status);
  const requestViolations = header.filter((v) => !isResponseSide(v));
  const statusViolations = header.filter((v) => isResponseSide(v) && UNMATCHED_STATUS.test(v.message));
  const violations = header.filter((v) => isResponseSide(v) && !UNMATCHED_STATUS.test(v.message));
  const undocumented =
    statusViolations.length > 0 ||
    !(documented.includes(status) || documented.includes('default') || documented.includes(`${status[0]}XX`));
  if (violations.length > 0)
    return { outcome: 'response-violation', violations: [...statusViolations, ...violations], requestViolations };
  if (undocumented) {
    const found =
      statusViolations.length > 0
        ? statusViolations
        : [
            {
              location: 'response',
              message: `Status ${status} is not documented (documented: ${documented.join(', ')})`,
              severity: 'Error',
            },
          ];
    return { outcome: 'undocumented-status', violations: found, requestViolations };
  }
  if (requestViolations.length > 0) return { outcome: 'request-violation', violations: [], requestViolations };
  if (expected.includes(status)) return { outcome: 'conforms', violations: [], requestViolations };
  return {
    outcome: 'unexpected-status',
    violations: [],
    requestViolations,
    reason: `documented status ${status} instead of ${expected.join(' or ')}; the success answer was not checked`,
  };
}
