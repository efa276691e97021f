/** The conformance report: what replaying one operation of the contract through Prism's validating proxy found, and
 * the cases of the other checks (negative input, the authorization matrix, stateful flows). */
import type { CheckKind, CheckResult } from './check-result.ts';

export const OUTCOMES = [
  'conforms',
  'response-violation',
  'undocumented-status',
  'unexpected-status',
  'request-violation',
  'unreachable',
  'skipped',
] as const;

/**
 * - `conforms`: the server answered the expected status (a documented 2xx, or the status of the response example
 *   named like the replayed request example) and Prism found nothing wrong.
 * - `response-violation`: the server's answer breaks the contract (body, media type or an unparsable body).
 * - `undocumented-status`: the server answered a status the operation does not document.
 * - `unexpected-status`: a documented status, valid body, but not the expected one (for example 401 because the token
 *   is not valid on that server): the success answer was not checked.
 * - `request-violation`: the replayed contract example itself breaks the contract (a contract bug).
 * - `unreachable`: no answer (connection refused, timeout, run deadline).
 * - `skipped`: not replayed; `reason` says why.
 */
export type Outcome = (typeof OUTCOMES)[number];

export interface Violation {
  /** Prism's location joined with dots, e.g. `response.body.data.0.id` or `query.limit`. */
  location: string;
  message: string;
  severity: string;
  code?: string;
}

export interface OperationResult {
  operationId: string;
  method: string;
  path: string;
  /** The operation's first tag (where the HTML report groups it). */
  area?: string;
  /** Set when the operation has its own `servers` (e.g. the cloud file store); it is still replayed. */
  server?: string;
  /**
   * Set when the operation is a call the specification does not name, which the console proposes to the backend
   * (`x-proposed: true`, openapi/README.md "Proposed calls"): a server that has not built it yet fails it.
   */
  proposed?: true;
  outcome: Outcome;
  /** Status the client saw; for an error Prism generated (violations), Prism's status (see `prismError`). */
  status?: number;
  expectedStatus: string[];
  /** The request as sent, relative to the target. */
  request?: { url: string; example?: string; contentType?: string };
  /** Violations of the server's response (or the reason it is unparsable). */
  violations: Violation[];
  /** Violations of the replayed request (the contract's own example). */
  requestViolations: Violation[];
  /** Set when Prism answered with its own problem document instead of the server's response. */
  prismError?: { status: number; type: string; title: string };
  reason?: string;
  /** Something to know about how the request was replayed (e.g. multipart bodies through Prism). */
  note?: string;
  durationMs: number;
}

export interface Report {
  target: string;
  contractFile: string;
  startedAt: string;
  durationMs: number;
  counts: Record<Outcome, number>;
  /** How many of the results are proposed calls (`proposed`), whatever their outcome. */
  proposed: number;
  /**
   * True when every replayed (not skipped) operation conforms and no case of the other checks failed; failures of
   * proposed calls count only with `strictProposals`.
   */
  ok: boolean;
  /** The example replay, one per operation (empty when the run left it out). */
  results: OperationResult[];
  /** The kinds of checks this run made. */
  kinds: CheckKind[];
  /** The cases of the checks beyond the example replay. */
  checks: CheckResult[];
  /** Whether failures of proposed calls count (`--strict-proposals`). */
  strictProposals: boolean;
  /** Whether calls that change state were sent (`--allow-writes`). */
  allowWrites: boolean;
  /** The seed of the negative cases' choice. */
  seed: number;
  /** How long each kind of check took, in ms. */
  kindMs: Partial<Record<CheckKind, number>>;
}
