/**
 * The accounts of the authorization matrix (`--identities file.json`, or `--token-a`/`--token-b`/`--token-dealer`):
 * what the caller does not give (user id, user type, a panel) is read from the server with the account's own token,
 * through the contract's calls (`getUserDetail`, `getUserDevices`).
 */
import { readFileSync } from 'node:fs';
import { type Identities, type Identity } from './checks.ts';
import { noAnswer, sendDirect, type DirectAnswer } from './direct.ts';
import { FIXED_HEADERS, isObject } from './requests.ts';
import { UsageError } from './usage-error.ts';

/** An account as the caller gives it: the token, and what it knows of the rest. */
export interface GivenIdentity {
  token: string;
  user_id?: number;
  user_type?: number;
  panel?: { dev_id: number; id: number };
  /** The account's e-mail address and dealer code, as the order and coupon lists name a buyer. */
  email?: string;
  dealer_code?: string;
  /** A settings write queued for the account's panel (`QueueItem.id`). */
  queued_write?: number;
}

export interface GivenIdentities {
  a: GivenIdentity;
  b: GivenIdentity;
  dealer?: GivenIdentity;
}

const given = (value: unknown, name: string): GivenIdentity => {
  if (typeof value === 'string') return { token: value };
  if (!isObject(value) || typeof value.token !== 'string' || !value.token)
    throw new UsageError(`identities: "${name}" needs a "token" (a string)`);
  const panel = value.panel;
  if (panel !== undefined && !(isObject(panel) && Number.isSafeInteger(panel.dev_id) && Number.isSafeInteger(panel.id)))
    throw new UsageError(`identities: "${name}.panel" must be { "dev_id": <integer>, "id": <integer> }`);
  for (const key of ['user_id', 'user_type', 'queued_write'] as const) {
    if (value[key] !== undefined && !Number.isSafeInteger(value[key]))
      throw new UsageError(`identities: "${name}.${key}" must be an integer`);
  }
  for (const key of ['email', 'dealer_code'] as const) {
    if (value[key] !== undefined && typeof value[key] !== 'string')
      throw new UsageError(`identities: "${name}.${key}" must be a string`);
  }
  return value as unknown as GivenIdentity;
};

/** Reads and checks an identities file (see conformance/README.md). */
export function readIdentities(file: string): GivenIdentities {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new UsageError(`--identities ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(raw)) throw new UsageError(`--identities ${file}: a JSON object with "a" and "b" is expected`);
  if (raw.a === undefined || raw.b === undefined)
    throw new UsageError(`--identities ${file}: "a" and "b" are required`);
  return {
    a: given(raw.a, 'a'),
    b: given(raw.b, 'b'),
    ...(raw.dealer !== undefined ? { dealer: given(raw.dealer, 'dealer') } : {}),
  };
}

/** A read of an account's own data; no answer is an error naming the account and the call. */
async function read(
  target: string,
  url: string,
  token: string,
  name: string,
  timeoutMs: number,
): Promise<DirectAnswer> {
  try {
    return await sendDirect(target, { url, method: 'GET', headers: headersOf(token) }, { timeoutMs });
  } catch (error) {
    throw new Error(`identity ${name}: GET ${url}: ${noAnswer(error, timeoutMs)}`, { cause: error });
  }
}

const headersOf = (token: string) => ({
  ...FIXED_HEADERS,
  authorization: `Bearer ${token}`,
  accept: 'application/json',
});

type PanelRow = { dev_id: number; id: number };

/** The first page of an account's panel list (up to 100 rows). */
async function panelsOf(target: string, token: string, name: string, timeoutMs: number): Promise<PanelRow[]> {
  const answer = await read(target, '/command/devices/userdevices/0?limit=100', token, name, timeoutMs);
  const rows = isObject(answer.json) && Array.isArray(answer.json.data) ? answer.json.data : [];
  return rows
    .filter((r) => isObject(r) && Number.isSafeInteger(r.dev_id) && Number.isSafeInteger(r.id))
    .map((r) => ({ dev_id: (r as PanelRow).dev_id, id: (r as PanelRow).id }));
}

/** The first write queued for a panel, as the account's own queue lists it (undefined when none or not answered). */
async function queuedWriteOf(
  target: string,
  token: string,
  devId: number,
  name: string,
  timeoutMs: number,
): Promise<number | undefined> {
  const answer = await read(target, `/panel-queue?dev_id=${devId}&limit=1`, token, name, timeoutMs);
  const row = isObject(answer.json) && Array.isArray(answer.json.data) ? answer.json.data[0] : undefined;
  return answer.status === 200 && isObject(row) && Number.isSafeInteger(row.id) ? (row.id as number) : undefined;
}

/** Completes an account from the server: its user id and type, and the panels of its list. */
async function complete(
  target: string,
  account: GivenIdentity,
  name: string,
  timeoutMs: number,
): Promise<Identity & { listed: PanelRow[] }> {
  let userId = account.user_id;
  let userType = account.user_type;
  let email = account.email;
  let dealerCode = account.dealer_code;
  if (userId === undefined || userType === undefined) {
    const answer = await read(target, '/user/getuserdetail', account.token, name, timeoutMs);
    const data = isObject(answer.json) && isObject(answer.json.data) ? answer.json.data : undefined;
    if (typeof data?.email === 'string') email ??= data.email;
    if (typeof data?.Dealercode === 'string') dealerCode ??= data.Dealercode;
    if (answer.status === 401)
      throw new Error(`identity ${name}: the server does not accept its token (GET /user/getuserdetail answered 401)`);
    if (answer.status !== 200 || !data || !Number.isSafeInteger(data.id))
      throw new Error(
        `identity ${name}: GET /user/getuserdetail answered ${answer.status}; give "user_id" and "user_type"`,
      );
    userId ??= data.id as number;
    // The contract's `User` names it `user_type` (the token's claim is `UserType`); an account without it is an end user.
    const type = data.user_type ?? data.UserType;
    userType ??= Number.isSafeInteger(type) ? (type as number) : 0;
  }
  const listed = account.panel ? [] : await panelsOf(target, account.token, name, timeoutMs);
  return {
    token: account.token,
    userId,
    userType,
    ...(account.panel ? { panel: account.panel } : {}),
    ...(email !== undefined ? { email } : {}),
    ...(dealerCode !== undefined ? { dealerCode } : {}),
    listed,
  };
}

/** The account without its list, with a panel that is its own only: on its list and not on `other`'s. */
const withOwnPanel = ({ listed, ...account }: Identity & { listed: PanelRow[] }, other: PanelRow[]): Identity => {
  if (account.panel) return account;
  const own = listed.find((row) => !other.some((theirs) => theirs.dev_id === row.dev_id));
  return own ? { ...account, panel: own } : account;
};

/**
 * The accounts with everything the matrix needs; A and B must be different accounts. A panel read from the server
 * is one on the account's list and not on the other's (a panel both reach proves nothing about the other's).
 */
export async function resolveIdentities(
  target: string,
  accounts: GivenIdentities,
  timeoutMs: number,
): Promise<Identities> {
  const [a, b, dealer] = await Promise.all([
    complete(target, accounts.a, 'a', timeoutMs),
    complete(target, accounts.b, 'b', timeoutMs),
    accounts.dealer ? complete(target, accounts.dealer, 'dealer', timeoutMs) : undefined,
  ]);
  if (a.userId === b.userId) throw new UsageError('identities: "a" and "b" are the same account: give two users');
  // A and B with a write queued for their own panel (given, else the first of the panel's queue, when there is one).
  const withQueued = async (account: Identity, given: GivenIdentity, name: string): Promise<Identity> => {
    const queued =
      given.queued_write ??
      (account.panel ? await queuedWriteOf(target, account.token, account.panel.dev_id, name, timeoutMs) : undefined);
    return queued === undefined ? account : { ...account, queuedWrite: queued };
  };
  return {
    a: await withQueued(withOwnPanel(a, b.listed), accounts.a, 'a'),
    b: await withQueued(withOwnPanel(b, a.listed), accounts.b, 'b'),
    ...(dealer ? { dealer: withOwnPanel(dealer, []) } : {}),
  };
}
