/**
 * What nginx adds in front of the API beyond passing calls on: its own attempt limits (`limit_req`), the upstreams'
 * TLS checked, and the client address it hands on. Rendered into nginx.conf by render.ts.
 *
 * Attempt limits: the backend enforces the contract's `x-attempt-limits` exactly (it sees which attempts fail); nginx
 * cannot tell a failure from a success, so its zones are a flood guard per client address that is never stricter than
 * the contract: for each policy a burst of the policy's largest `attempts`, refilled at that many per
 * `windowMinutes` (rounded up to whole requests a minute). An honest person therefore meets the backend's own lockout
 * first; a script hammering the calls meets nginx's 429, in the contract's `Lockout` shape, before the backend does.
 */
import contract from '../../generated/openapi.json';

export interface Limit {
  per: string;
  attempts: number;
  windowMinutes: number;
}

/** The calls each nginx zone guards (paths under /api), by the contract policy whose numbers it takes. */
export const LIMITED_CALLS: Record<string, string[]> = {
  'sign-in': ['/logins'],
  'account-code': ['/accept-verification', '/verify-reset-uid'],
  'account-message': ['/send-verification', '/forget-password', '/reset-phone-uid'],
  // The panel password check (also every settings read and the event log).
  'panel-password': ['/command/devices/getpanelsettings'],
};

/** The contract's policies (root `x-attempt-limits`), by name. */
export function contractPolicies(document: unknown = contract): Record<string, Limit[]> {
  const root = (document as { 'x-attempt-limits'?: { policies?: Record<string, { limits?: Limit[] }> } })[
    'x-attempt-limits'
  ];
  return Object.fromEntries(Object.entries(root?.policies ?? {}).map(([name, policy]) => [name, policy.limits ?? []]));
}

/** How many settings groups a full read asks (a template export reads every group in a row). */
export function settingsGroups(document: unknown = contract): number {
  const groups = new Set<unknown>();
  for (const item of Object.values((document as { paths: Record<string, Record<string, unknown>> }).paths)) {
    for (const operation of Object.values(item)) {
      const group = (operation as { 'x-settings-group'?: unknown } | null)?.['x-settings-group'];
      if (group !== undefined) groups.add(group);
    }
  }
  return groups.size;
}

export interface Zone {
  policy: string;
  /** Requests a client may make at once. */
  burst: number;
  perMinute: number;
  paths: string[];
}

/** nginx's zone for each guarded policy, from the contract's numbers. */
export function rateZones(document: unknown = contract): Zone[] {
  const policies = contractPolicies(document);
  return Object.entries(LIMITED_CALLS).map(([policy, paths]) => {
    const limits = policies[policy];
    if (!limits?.length) throw new Error(`the contract has no x-attempt-limits policy ${policy}`);
    const widest = limits.reduce((a, b) => (b.attempts > a.attempts ? b : a));
    // The panel password is checked by the same call that reads settings: one full read more on top.
    const burst = widest.attempts + (policy === 'panel-password' ? settingsGroups(document) : 0);
    return { policy, burst, perMinute: Math.ceil(burst / widest.windowMinutes), paths };
  });
}

/** Seconds until a zone takes a request again, at most: one request a minute is the slowest refill. */
export const RETRY_AFTER_SECONDS = 60;

/**
 * `$lockout_until`: the time nginx answers plus RETRY_AFTER_SECONDS as an RFC 3339 date-time, without arithmetic:
 * the same wall-clock time read one minute further west (`11:30:39+00:00` → `11:30:39-00:01`, which is 11:31:39 UTC).
 */
export function lockoutUntilMap(): string {
  const lines: string[] = [];
  for (let quarter = -12 * 4; quarter <= 14 * 4; quarter++) {
    const offset = (total: number) => {
      const abs = Math.abs(total);
      const hh = String(Math.floor(abs / 60)).padStart(2, '0');
      return `${total < 0 ? '-' : '+'}${hh}:${String(abs % 60).padStart(2, '0')}`;
    };
    const from = offset(quarter * 15).replace('+', '\\+');
    lines.push(`        "~^(?<t>.{19})${from}$" "\${t}${offset(quarter * 15 - RETRY_AFTER_SECONDS / 60)}";`);
  }
  return `map $time_iso8601 $lockout_until {\n        default "";\n${lines.join('\n')}\n    }`;
}

/** The http-level directives: the zones and the lockout time. */
export function rateLimitHttp(zones: Zone[]): string {
  return [
    ...zones.map((zone) => `limit_req_zone $binary_remote_addr zone=${zone.policy}:10m rate=${zone.perMinute}r/m;`),
    'limit_req_status 429;',
    'limit_req_log_level warn;',
    lockoutUntilMap(),
  ].join('\n    ');
}

/** One exact location per guarded call, passed to the API like /api/ but through its zone. */
export function rateLimitLocations(zones: Zone[], apiLocation: string): string {
  return zones
    .flatMap((zone) =>
      zone.paths.map(
        (call) =>
          `location = /api${call} {\n            set $lockout_policy ${zone.policy};\n` +
          // nginx takes one request beyond its burst: `burst` requests at once in all.
          `            limit_req zone=${zone.policy} burst=${zone.burst - 1} nodelay;\n${apiLocation}\n        }`,
      ),
    )
    .join('\n        ');
}

/** `set_real_ip_from` for each trusted proxy (`CONSOLE_TRUSTED_PROXIES`), or nothing: then the peer is the client. */
export function trustedProxies(value: string | undefined): string {
  if (!value) return '# No trusted proxy (CONSOLE_TRUSTED_PROXIES): the peer address is the client.';
  const ranges = value.split(/[\s,]+/).filter(Boolean);
  for (const range of ranges) {
    if (!/^(?:\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?|[0-9a-fA-F:]+(?:\/\d{1,3})?)$/.test(range)) {
      throw new Error(`must be addresses or CIDR ranges separated by commas (${range} is not one)`);
    }
  }
  return [
    ...ranges.map((range) => `set_real_ip_from ${range};`),
    'real_ip_header X-Forwarded-For;',
    'real_ip_recursive on;',
  ].join('\n    ');
}
