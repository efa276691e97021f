/**
 * The session rules of openapi/README.md ("What the backend must enforce", Sessions): the access token's lifetime
 * and the longest session, stated once in the contract's root `x-session`, and every operation that revokes
 * sessions (`x-revokes-sessions`). `npm run gen` writes them between the session markers from the bundled contract,
 * so the README can never state other numbers than the contract (and `npm run gen:check` fails when it does).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export const SESSION_START = '<!-- session-rules:start (written by npm run gen) -->';
export const SESSION_END = '<!-- session-rules:end -->';

/** The contract's session numbers (root `x-session`). */
export interface SessionPolicy {
  /** The longest an access token lives: its `exp` is at most this many minutes after it was issued. */
  accessTokenMinutes: number;
  /** The longest a session is renewed by `GET /changed-jwt` after its sign-in (`auth_time`), in hours. */
  sessionHours: number;
}

/** The root `x-session` of a (bundled) contract; throws when it is missing or not two positive whole numbers. */
export function sessionPolicyOf(contract: { [key: string]: unknown }): SessionPolicy {
  const raw = contract['x-session'];
  const policy = isObject(raw) ? raw : {};
  const { accessTokenMinutes, sessionHours } = policy;
  for (const [name, value] of Object.entries({ accessTokenMinutes, sessionHours })) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw new Error(`the contract's root x-session.${name} must be a positive whole number`);
    }
  }
  return { accessTokenMinutes: accessTokenMinutes as number, sessionHours: sessionHours as number };
}

/** One operation's `x-revokes-sessions`, as the contract writes it. */
export interface RevokesSessions {
  /** Whose sessions: the account a request value names, or the caller's own. */
  account: { in: 'body' | 'path' | 'query'; name: string } | 'caller';
  /** Only when the request's values are these (e.g. `state: 0`, a deactivation). */
  when?: Record<string, Json>;
  /** Only when the call changes this field of the account (e.g. `user_type`). */
  whenChanged?: string;
  /** The session that made the call stays (a person changing their own password). */
  exceptCaller?: boolean;
}

/** Every operation's `x-revokes-sessions`, by operationId, with its method and path. */
export function revokingOperations(contract: {
  [key: string]: unknown;
}): { operationId: string; label: string; rule: RevokesSessions }[] {
  const found: { operationId: string; label: string; rule: RevokesSessions }[] = [];
  const paths = isObject(contract.paths) ? contract.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = isObject(item) ? item[method] : undefined;
      if (!isObject(operation) || !isObject(operation['x-revokes-sessions'])) continue;
      found.push({
        operationId: String(operation.operationId),
        label: `${method.toUpperCase()} ${path}`,
        rule: operation['x-revokes-sessions'] as unknown as RevokesSessions,
      });
    }
  }
  return found;
}

const ruleText = ({ account, when, whenChanged, exceptCaller }: RevokesSessions): string => {
  const whose = account === 'caller' ? "the caller's account" : `the account of ${account.in} \`${account.name}\``;
  const conditions = [
    ...Object.entries(when ?? {}).map(([name, value]) => `when \`${name}\` is ${JSON.stringify(value)}`),
    ...(whenChanged ? [`when it changes \`${whenChanged}\``] : []),
  ];
  return `every session of ${whose}${exceptCaller ? ' but the caller’s own' : ''}${conditions.length ? `, ${conditions.join(' and ')}` : ''}`;
};

/** The generated part of the Sessions rule. */
export function renderSessionRules(contract: { [key: string]: unknown }): string {
  const { accessTokenMinutes, sessionHours } = sessionPolicyOf(contract);
  const rows = revokingOperations(contract).map(
    ({ operationId, label, rule }) => `| \`${label}\` (\`${operationId}\`) | ${ruleText(rule)} |`,
  );
  return [
    `An access token lives at most **${accessTokenMinutes} minutes** (its \`exp\`, required in every token); ` +
      `\`GET /changed-jwt\` renews a session for at most **${sessionHours} hours** after its sign-in (\`auth_time\`), ` +
      'then answers 401 and the person signs in again (root `x-session` of `openapi.yaml`).',
    '',
    `${rows.length} operations revoke sessions (\`x-revokes-sessions\`), besides the sign-out (\`POST /logout\`), ` +
      'which revokes the caller’s own:',
    '',
    '| Operation | Revokes |',
    '|---|---|',
    ...rows,
  ].join('\n');
}

/** Rewrites the session section of a README text. */
export function withSessionSection(readme: string, contract: { [key: string]: unknown }): string {
  const start = readme.indexOf(SESSION_START);
  const end = readme.indexOf(SESSION_END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`openapi/README.md must contain the markers ${SESSION_START} and ${SESSION_END}`);
  }
  // Written at the start marker's indentation (inside a list item of the README).
  const indent = /[ \t]*$/.exec(readme.slice(0, start))![0];
  const body = ['<!-- prettier-ignore-start -->', renderSessionRules(contract), '<!-- prettier-ignore-end -->']
    .join('\n\n')
    .split('\n')
    .map((line) => (line ? `${indent}${line}` : line))
    .join('\n');
  return `${readme.slice(0, start + SESSION_START.length)}\n\n${body}\n\n${indent}${readme.slice(end)}`;
}
