/** One result per test case of the checks beyond the example replay, and the families of checks they belong to. */
import type { Exchange } from './direct.ts';

/** The families of checks; `example` is the example replay through Prism's proxy. */
export const CHECK_KINDS = [
  'example',
  'negative',
  'authz',
  'flow',
  'session',
  'pin',
  'abuse',
  'language',
  'second-factor',
  'live',
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export interface CheckResult {
  kind: CheckKind;
  /** Where the HTML report groups it: the operation's first tag, the flow's area, or `live`. */
  area: string;
  /** The test case, unique within its kind: e.g. `setsiacodesettings: body.sia_code pattern`. */
  name: string;
  operationId?: string;
  /** A call the console proposes (`x-proposed`): a failure is reported as such, not counted unless asked. */
  proposed?: true;
  status: 'passed' | 'failed' | 'skipped';
  /** For a failure, what broke, naming the rule ("accepted sia_code 'ABC' (pattern ^[0-9A-F]{2}$)"); for a skip, why. */
  message?: string;
  /** Details of a failure (e.g. the answer's violations of the contract). */
  details?: string[];
  /** The request and answer of a failure (bodies cut to `BODY_LIMIT` characters). */
  exchange?: Exchange;
  durationMs: number;
}
