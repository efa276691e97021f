/** What a REST conformance run is given: its options, the checks it knows, and their checking (a usage error says why). */
import type { Contract, Operation } from '../mocks/contract.ts';
import type { CheckKind, PasswordAccount } from './checks.ts';
import type { GivenIdentities } from './identities.ts';
import type { ReauthAccount } from './reauth-options.ts';
import { UsageError } from './usage-error.ts';

export interface ConformanceOptions {
  /** Base URL of the server under test (the contract's paths are appended to it), e.g. `http://127.0.0.1:8080/api`. */
  target: string;
  /** Bearer token; default: the token of the `admin` example of the `login` operation. */
  token?: string;
  contractFile?: string;
  /** Replay only these operation ids. */
  only?: string[];
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Per-request timeout in ms (default 10 000). */
  timeoutMs?: number;
  /** Bound of the whole replay in ms, Prism's start excluded (default 300 000). */
  deadlineMs?: number;
  /** Progress lines (Prism started, …). */
  log?: (line: string) => void;
  /** The checks to make (default: all of `REST_KINDS`). */
  checks?: RestKind[];
  /** Send the calls that change state (the server is a test system). */
  allowWrites?: boolean;
  /** The accounts of the authorization matrix (and of the flows); without them those cells are skipped. */
  identities?: GivenIdentities;
  /** Seed of the negative cases' choice (default 1). */
  seed?: number;
  /** Most negative cases per operation (default 20). */
  maxCases?: number;
  /** Count failures of proposed calls (`x-proposed`) as failures. */
  strictProposals?: boolean;
  /** The test panel the panel flow adds and removes (a dev_id on none of A's lists). */
  flowPanel?: number;
  /** A purchased order the order flow bills (it cannot be undone); without it that step is skipped. */
  billOrder?: number;
  /** A session the session check signs out (default: a sign-in with the contract's login example). */
  signOutToken?: string;
  /** A token of the server whose `exp` has passed (the session check's expiry cases; skipped without). */
  expiredToken?: string;
  /** A test account the re-authentication check signs in with and locks (`--reauth-account`). */
  reauthAccount?: ReauthAccount;
  /** A token authenticated longer ago than the re-authentication window (`--stale-token`). */
  staleToken?: string;
  /** The test panel the panel password limit check locks (`--pin-panel`); without it that check is skipped. */
  pinPanel?: number;
  /** The right panel password of that panel (`--pin-password`). */
  pinPassword?: string;
  /** A real account the abuse check may lock (wrong passwords sent for it). */
  abuseAccount?: string;
  /** Let the abuse check lock the checker's own address (the per-client limits). */
  abuseClient?: boolean;
  /** A test account the password flow resets; without it that flow is skipped. */
  passwordAccount?: PasswordAccount;
  /** A test dealer or administrator the second factor's probe may enrol; without it that probe is skipped. */
  secondFactorAccount?: { username: string; password: string };
}

/** The checks of the REST API, in the order they run. */
export const REST_KINDS = [
  'example',
  'negative',
  'authz',
  'flow',
  'session',
  'pin',
  'abuse',
  'language',
  'second-factor',
] as const satisfies readonly CheckKind[];
export type RestKind = (typeof REST_KINDS)[number];

/** Checks the target is an absolute http(s) base URL and returns it without a trailing slash. */
export function parseTarget(target: string): string {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new UsageError(`--target must be an absolute http(s) URL such as http://127.0.0.1:8080/api, got "${target}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--target must use http or https, got "${url.protocol}"`);
  }
  if (url.search || url.hash) throw new UsageError('--target is a base URL: it takes no query string or fragment');
  return url.href.replace(/\/+$/, '');
}

/** The token of the `admin` example of the `login` operation's 200 response (`data.token`). */
export const defaultToken = (contract: Contract): string => contract.exampleToken('admin');

export const selectOperations = (contract: Contract, only?: string[]): Operation[] => {
  if (!only || only.length === 0) return contract.operations;
  const unknown = only.filter((id) => !contract.operations.some((op) => op.operationId === id));
  if (unknown.length > 0)
    throw new UsageError(`--only names operations the contract does not have: ${unknown.join(', ')}`);
  return contract.operations.filter((op) => only.includes(op.operationId));
};

export const checkOptions = (options: ConformanceOptions) => {
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) {
    throw new UsageError('--concurrency must be a whole number from 1 to 32');
  }
  if (options.token !== undefined && !/^[\x21-\x7e]+$/.test(options.token)) {
    throw new UsageError('--token must be a non-empty token without spaces');
  }
  const unknown = (options.checks ?? []).filter((kind) => !(REST_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0) throw new UsageError(`--checks knows ${REST_KINDS.join(', ')}; not ${unknown.join(', ')}`);
  if (options.checks?.length === 0) throw new UsageError('--checks needs at least one check');
  if (options.maxCases !== undefined && (!Number.isInteger(options.maxCases) || options.maxCases < 1))
    throw new UsageError('--max-cases must be a positive whole number');
  if (options.seed !== undefined && !Number.isSafeInteger(options.seed))
    throw new UsageError('--seed must be a whole number');
  return concurrency;
};
