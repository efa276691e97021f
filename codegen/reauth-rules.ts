/**
 * Re-authentication before a dangerous action (proposed; openapi/README.md "Re-authentication"): the window, stated
 * once in the contract's root `x-session.reauthMinutes`, and the operations marked `x-reauth` (every call, or only a
 * change of one field of the account a request value names: `whenChanged`). The mock, the conformance check and the
 * console read them from here; `npm run gen` writes the console's constants to generated/api/reauth.ts.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** One operation's `x-reauth`: `true`, or only when the call changes `whenChanged` of the account `account` names. */
export interface ReauthRule {
  account?: { in: 'body' | 'path' | 'query'; name: string };
  whenChanged?: string;
}

/** The contract's window (root `x-session.reauthMinutes`); throws when it is not a positive whole number. */
export function reauthMinutesOf(contract: { [key: string]: unknown }): number {
  const session = contract['x-session'];
  const minutes = isObject(session) ? session.reauthMinutes : undefined;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1) {
    throw new Error("the contract's root x-session.reauthMinutes must be a positive whole number");
  }
  return minutes;
}

/** An operation's `x-reauth` as a rule, or undefined when it has none. */
export function reauthRuleOf(spec: { [key: string]: unknown }): ReauthRule | undefined {
  const raw = spec['x-reauth'];
  if (raw === true) return {};
  if (!isObject(raw)) return undefined;
  const { account, whenChanged } = raw;
  if (typeof whenChanged !== 'string' || !isObject(account) || typeof account.name !== 'string') {
    throw new Error('x-reauth must be true or { account: { in, name }, whenChanged }');
  }
  return { account: account as unknown as ReauthRule['account'], whenChanged };
}

/** Every operation marked `x-reauth`, with its method and path. */
export function reauthOperations(contract: {
  [key: string]: unknown;
}): { operationId: string; method: string; path: string; rule: ReauthRule }[] {
  const paths = isObject(contract.paths) ? contract.paths : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = isObject(item) ? item[method] : undefined;
      const rule = isObject(operation) ? reauthRuleOf(operation) : undefined;
      return rule && isObject(operation) ? [{ operationId: String(operation.operationId), method, path, rule }] : [];
    }),
  );
}

/** generated/api/reauth.ts: the window and the marked operations, for the console. */
export function reauthModule(header: string, contract: { [key: string]: unknown }): string {
  const operations = reauthOperations(contract).map(({ operationId }) => operationId);
  return [
    header,
    '/** How long a session may act on an operation marked `x-reauth` after its last authentication (`x-session.reauthMinutes`). */',
    `export const reauthMinutes = ${reauthMinutesOf(contract)};`,
    '',
    '/** The operations marked `x-reauth`: refused with 403 `reauth-required` when the authentication is older. */',
    `export const reauthOperationIds = ${JSON.stringify(operations)} as const;`,
    '',
  ].join('\n');
}
