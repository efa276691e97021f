/**
 * The access table of openapi/README.md ("What the backend must enforce"): one row per operation with the role level
 * it requires (`x-required-level`), the request values that must name the caller's own panel or user
 * (`x-ownership`) and the objects a list keeps to the caller's reach (`x-list-reach`), the plan checks (`x-plan`) and the refusals it declares; a call the console proposes to the
 * backend (`x-proposed`) is marked "(proposed)". `npm run gen` writes it between the access markers from the bundled
 * contract, so the table can never fall behind the annotations.
 */
import { panelPasswordText, renderPanelSecrets } from './panel-secrets.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const LEVELS = ['0 user', '1 dealer', '2 admin'];

export const ACCESS_START = '<!-- access-table:start (written by npm run gen) -->\n\n<!-- prettier-ignore-start -->';
export const ACCESS_END = '<!-- prettier-ignore-end -->\n\n<!-- access-table:end -->';

const ownershipText = (entries: Json | undefined): string =>
  Array.isArray(entries) && entries.length
    ? entries
        .filter(isObject)
        .map((entry) => {
          const key = entry.key ? ` (${String(entry.key)})` : '';
          return `${String(entry.in)} \`${String(entry.name)}\`: ${String(entry.object)}${key}, reach from ${String(entry.relaxedFrom)}`;
        })
        .join('; ')
    : '';

/** A list's `x-list-reach`: the objects it lists only within the caller's reach. */
const listReachText = (reach: Json | undefined): string =>
  isObject(reach) ? `lists ${String(reach.object)} in reach from ${String(reach.relaxedFrom)}` : '';

const planText = (plan: Json | undefined): string => {
  if (!isObject(plan)) return '';
  const parts: string[] = [];
  if (plan.subscription === true) parts.push('subscription');
  if (typeof plan.permission === 'string') parts.push(plan.permission);
  if (isObject(plan.permissionBy) && isObject(plan.permissionBy.values)) {
    const by = plan.permissionBy;
    const values = Object.entries(by.values as Record<string, Json>).map(([value, permission]) =>
      value === permission ? String(value) : `${value} → ${String(permission)}`,
    );
    parts.push(`by ${String(by.in)} \`${String(by.name)}\`: ${values.join(', ')}`);
  }
  return parts.join('; ');
};

const limitText = (policy: Json | undefined, account?: Json): string =>
  typeof policy !== 'string'
    ? ''
    : `\`${policy}\`${typeof account === 'string' ? ` (account: body \`${account}\`)` : ''}`;

const PER: Record<string, string> = {
  'panel-account': 'one panel, one account',
  panel: 'one panel, every account',
  account: 'one account (known or not)',
  client: 'one client address',
};

/** The attempt-limit policies (root `x-attempt-limits`): one row per limit, with its numbers. */
export function renderAttemptLimits(root: Json | undefined): string[] {
  const policies = isObject(root) && isObject(root.policies) ? root.policies : {};
  const rows = Object.entries(policies).flatMap(([name, policy]) =>
    isObject(policy) && Array.isArray(policy.limits)
      ? policy.limits.filter(isObject).map((limit) => {
          const counted = policy.counts === 'failures' ? 'wrong attempts' : 'calls';
          return (
            `| \`${name}\` | ${PER[String(limit.per)] ?? String(limit.per)} | ${String(limit.attempts)} ${counted} ` +
            `in ${String(limit.windowMinutes)} min | ${String(limit.lockMinutes)} min |`
          );
        })
      : [],
  );
  return rows.length
    ? [
        'Attempt limits (`x-attempt-limits`): a locked call answers **429** with `Retry-After` (seconds) and a `Lockout` body.',
        '',
        '| Policy | Counted per | Locks after | Lock |',
        '|---|---|---|---|',
        ...rows,
      ]
    : [];
}

/** The markdown table: one row per operation, public ones saying so. */
export function renderAccessTable(contract: { [key: string]: Json }): string {
  const rows: string[] = [];
  let secured = 0;
  let with403 = 0;
  let proposals = 0;
  const paths = isObject(contract.paths) ? contract.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      const responses = isObject(operation.responses) ? Object.keys(operation.responses) : [];
      const refusals = ['401', '403', '404', '429'].filter((code) => responses.includes(code)).join(', ');
      const level = operation['x-required-level'];
      if (!isPublic) secured++;
      if (!isPublic && responses.includes('403')) with403++;
      const levelText = isPublic ? 'public' : typeof level === 'number' ? (LEVELS[level] ?? String(level)) : '**none**';
      // A call the specification does not name, proposed to the backend (`x-proposed`, the "Proposed calls" list).
      const proposed = operation['x-proposed'] === true ? ' (proposed)' : '';
      if (proposed) proposals++;
      rows.push(
        `| \`${method.toUpperCase()} ${path}\`${proposed} | ${levelText} | ${[ownershipText(operation['x-ownership']), listReachText(operation['x-list-reach'])].filter(Boolean).join('; ')} | ${planText(operation['x-plan'])} | ${[limitText(operation['x-attempt-limit'], operation['x-attempt-account']), panelPasswordText(operation['x-panel-password'])].filter(Boolean).join('; ')} | ${refusals} |`,
      );
    }
  }
  return [
    `${secured} operations need a session; ${with403} of them declare the 403 they answer. ${proposals} operations ` +
      'marked (proposed) are calls the specification does not name, proposed to the backend ("Proposed calls").',
    '',
    '| Operation | Level | Ownership (`x-ownership`) | Plan (`x-plan`) | Attempt limit (`x-attempt-limit`) | Refusals |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    ...renderAttemptLimits(contract['x-attempt-limits']),
    ...renderPanelSecrets(contract),
  ].join('\n');
}

/** Rewrites the access section of a README text. */
export function withAccessSection(readme: string, contract: { [key: string]: Json }): string {
  const start = readme.indexOf(ACCESS_START);
  const end = readme.indexOf(ACCESS_END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`openapi/README.md must contain the markers ${ACCESS_START} and ${ACCESS_END}`);
  }
  return `${readme.slice(0, start + ACCESS_START.length)}\n\n${renderAccessTable(contract)}\n\n${readme.slice(end)}`;
}
