/**
 * What the checks beyond the example replay share (negative input, the authorization matrix, stateful flows, the
 * live feed): one result per test case, what an operation's result is labelled with, a pool of requests in flight,
 * and the context every check gets (the request goes straight to the server, direct.ts; the contract's own response
 * schemas judge each answer, response-checker.ts).
 */
import type { Contract, Operation } from '../mocks/contract.ts';
import { seededRandom } from '../tests/support/panel-values.ts';
import { isWrite } from './requests.ts';
import type { CheckResult } from './check-result.ts';
import { ResponseChecker } from './response-checker.ts';

/** A deterministic random source (mulberry32): a choice made with it repeats from run to run. */
export { seededRandom };

export { CHECK_KINDS, type CheckKind, type CheckResult } from './check-result.ts';

/** An account the re-authentication checks sign in with (`--reauth-account`, conformance/reauth.ts). */
export interface ReauthAccount {
  username: string;
  password: string;
}

/** Whether the operation is a call the console proposes to the backend (`x-proposed: true`). */
export const isProposed = (operation: Operation): boolean =>
  (operation.spec as Record<string, unknown>)['x-proposed'] === true;

/** An operation's area in the reports: its first tag. */
export const areaOf = (operation: Operation): string => {
  const tags = operation.spec.tags;
  return Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : 'other';
};

export { isWrite };

/** Why a case was not sent: the run's deadline passed first. */
export const DEADLINE_SKIPPED = 'not sent: the run deadline was reached';
export const WRITES_SKIPPED = 'changes state (a command or a write): sent only with --allow-writes';

/** The fields of a result every check fills from its operation. */
export const operationFields = (operation: Operation): Pick<CheckResult, 'area' | 'operationId' | 'proposed'> => ({
  area: areaOf(operation),
  operationId: operation.operationId,
  ...(isProposed(operation) ? { proposed: true as const } : {}),
});

/**
 * Runs `work` on every item, `concurrency` at a time, the results in the items' order. The items are taken one by one
 * as a worker is free, so a generator builds each only when it is about to be sent.
 */
export async function pool<T, R>(items: Iterable<T>, concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  const iterator = items[Symbol.iterator]();
  let next = 0;
  let done = false;
  const worker = async () => {
    while (!done) {
      const item = iterator.next();
      if (item.done) {
        done = true;
        return;
      }
      const index = next++;
      results[index] = await work(item.value);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return results;
}

/** One signed-in account the authorization matrix uses, and one panel and the user id it owns. */
export interface Identity {
  token: string;
  /** The account's user id (`getUserDetail` → `data.id` when not given). */
  userId: number;
  /** The account's user type (0 end user, 1 dealer, 2 administrator). */
  userType: number;
  /** One panel on the account's list (`getUserDevices` → first row when not given); absent when it has none. */
  panel?: { dev_id: number; id: number };
  /** The account's e-mail address and dealer code (`getUserDetail`), which name a purchase's buyer in the lists. */
  email?: string;
  dealerCode?: string;
  /** A settings write queued for the account's panel (`getPanelQueue` of its panel → first row when not given). */
  queuedWrite?: number;
}

/**
 * The accounts of the authorization matrix: two end users A and B (each with a panel), and optionally a dealer,
 * whose tokens make the "role below the operation's level" cells.
 */
export interface Identities {
  a: Identity;
  b: Identity;
  dealer?: Identity;
}

/** What every check gets from the runner. */
export interface CheckContext {
  contract: Contract;
  /** Base URL of the server under test, without a trailing slash. */
  target: string;
  /** The token of valid requests (an administrator's: it reaches every operation). */
  token: string;
  /** The accounts of the matrix (absent: the checks that need them are skipped, saying so). */
  identities?: Identities;
  /** Whether operations that change state may be sent (`--allow-writes`). */
  allowWrites: boolean;
  /** Only these operations (`--only`); empty or absent: all. */
  only?: string[];
  timeoutMs: number;
  concurrency: number;
  /** Aborts when the run's deadline passes. */
  deadline: AbortSignal;
  /** Seed of every choice made at random (e.g. which negative cases of an operation are sent). */
  seed: number;
  /** Most negative cases sent per operation. */
  maxCases: number;
  /**
   * The panel the panel flow adds, renames and removes again (`--flow-panel <dev_id>`): on a real server a test
   * panel that is on no list of A's; without it the flow makes up a dev_id, which only a mock accepts.
   */
  flowPanel?: number;
  /** A purchased order the order flow may bill (`--bill-order <id>`); billing cannot be undone. */
  billOrder?: number;
  /** A session the session check may sign out (`--sign-out-token`); without it, it signs in with the contract's example. */
  signOutToken?: string;
  /** A token of the server whose `exp` has passed (`--expired-token`): the session check's expiry cases need it. */
  expiredToken?: string;
  /** A test account the re-authentication check signs in with and locks (`--reauth-account`), reauth.ts. */
  reauthAccount?: ReauthAccount;
  /** A token of the server authenticated longer ago than the re-authentication window (`--stale-token`). */
  staleToken?: string;
  /** The test panel the panel password limit check locks (`--pin-panel <dev_id>`); without it that check is skipped. */
  pinPanel?: number;
  /** The right panel password of the pin panel (`--pin-password`); default: the contract's password check example's. */
  pinPassword?: string;
  /** A real account the abuse check may send wrong passwords for and lock (`--abuse-account <username>`). */
  abuseAccount?: string;
  /** Whether the abuse check may lock the checker's own address (`--abuse-client`). */
  abuseClient?: boolean;
  /** A test account the password flow may reset (`--password-account <user id>:<user name>`). */
  passwordAccount?: PasswordAccount;
  /** A test dealer or administrator the second factor's probe enrols (`--second-factor-account <name>:<password>`). */
  secondFactorAccount?: { username: string; password: string };
  responses: ResponseChecker;
  log(line: string): void;
}

/** The account the password flow resets: its user id and the user name it signs in with. */
export interface PasswordAccount {
  id: number;
  username: string;
}

/** A context with the runner's defaults (4 at a time, 10 s per request, seed 1, 20 cases per operation). */
export function checkContext(
  given: Pick<CheckContext, 'contract' | 'target' | 'token'> & Partial<Omit<CheckContext, 'responses'>>,
): CheckContext {
  return {
    allowWrites: false,
    timeoutMs: 10_000,
    concurrency: 4,
    deadline: AbortSignal.timeout(300_000),
    seed: 1,
    maxCases: 20,
    log: () => undefined,
    ...given,
    responses: new ResponseChecker(given.contract),
  };
}
