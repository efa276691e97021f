/**
 * What the console's nginx needs at start, from the environment: config.json (checked by the console's own
 * parseConfig), the security headers (src/lib/config/security-headers.ts, from that same config), nginx.conf (the
 * template with the upstream addresses, ports and folders) and the site's optional include. Pure: configure.ts writes
 * the files. Every wrong or missing value is named at once, so an operator fixes the environment in one go.
 */
import { ConfigError, parseConfig, type ConsoleConfig } from '../../src/lib/config/config.ts';
import { securityHeaders } from '../../src/lib/config/security-headers.ts';
import { IDLE_TIMEOUT_RANGE_MINUTES } from '../../src/lib/config/idle-timeout.ts';
import apiProxyTemplate from './api-proxy.conf.template?raw';
import { rateLimitHttp, rateLimitLocations, rateZones, RETRY_AFTER_SECONDS, trustedProxies } from './hardening.ts';
import nginxTemplate from './nginx.conf.template?raw';

export type Environment = Record<string, string | undefined>;

/** The paths this deployment serves the API, the file store and the broker under (the template's locations). */
export const SAME_ORIGIN_PATHS = { apiBaseUrl: '/api', fileStoreBaseUrl: '/files', brokerUrl: '/mqtt' } as const;

/** Every setting read from the environment, with what it means (README "Production" lists the same). */
export const ENVIRONMENT = {
  CONSOLE_API_UPSTREAM: 'origin of the API that /api (and the file check) is passed to, http(s)://host:port',
  CONSOLE_FILES_UPSTREAM: 'origin of the file store that /files is passed to, http(s)://host:port',
  CONSOLE_BROKER_UPSTREAM: "URL of the broker's websocket that /mqtt is passed to, ws(s)://host:port/path",
  CONSOLE_BROKER_USERNAME: 'config.json brokerUsername',
  CONSOLE_LIVE_TOPIC_TEMPLATE: 'config.json liveTopicTemplate',
  CONSOLE_REQUEST_TIMEOUT_MS: 'config.json requestTimeoutMs (optional)',
  CONSOLE_IDLE_TIMEOUT_MINUTES: 'config.json idleTimeoutMinutes (optional): minutes without activity before sign-out',
  CONSOLE_PAYMENT_PROVIDER_ORIGIN: 'config.json paymentProviderOrigin (optional)',
  CONSOLE_DEVELOPMENT_SAME_ORIGIN_PAYMENTS: 'config.json developmentSameOriginPayments (optional, local tests only)',
  CONSOLE_PHOTO_BASE_URL: 'config.json photoBaseUrl (optional): the photo host, an https URL or a path such as /files/',
  CONSOLE_SESSION:
    'config.json session (optional): cookie (the refresh cookie, default) or bearer (a backend without it)',
  CONSOLE_LISTEN: 'what nginx listens on: a port or address:port (default 8080)',
  CONSOLE_ROOT: 'the built console (dist/), served read-only',
  CONSOLE_NGINX_RUNTIME: "a writable folder for the files written at start, nginx's pid and temporary files",
  CONSOLE_NGINX_USER: 'the user of the worker processes when nginx starts as root (optional)',
  CONSOLE_NGINX_ACCESS_LOG: 'access log: a file, or off (default /dev/stdout)',
  CONSOLE_NGINX_BINARY: 'the nginx program start.sh runs (default: nginx on the PATH)',
  CONSOLE_UPSTREAM_CA_FILE:
    'the CA certificates (PEM) an https upstream must chain to (default /etc/ssl/certs/ca-certificates.crt)',
  CONSOLE_UPSTREAM_TLS_NAME:
    "the name an https upstream's certificate must carry, if not the upstream's host (optional)",
  CONSOLE_TRUSTED_PROXIES:
    'addresses or CIDR ranges of proxies in front of nginx whose X-Forwarded-For names the client (optional)',
  CONSOLE_NGINX_INCLUDE: 'a file of server-level directives rendered like the template (optional: TLS, server_name)',
} as const;

type Setting = keyof typeof ENVIRONMENT;

export interface Deployment {
  /** File name in the runtime folder → content. */
  files: Record<'config.json' | 'security-headers.conf' | 'nginx.conf' | 'api-proxy.conf' | 'site.conf', string>;
  /** Environment names that look like settings but are none (a typo keeps its setting's default). */
  warnings: string[];
}

export class DeployError extends Error {
  override name = 'DeployError';
}

/** Characters nginx reads as syntax (or a variable) in an unquoted value. */
const NGINX_UNSAFE = /[\s;{}"'$#\\]/;
const SAFE_PATH = /^\/[A-Za-z0-9._\-/+]*$/;

/** The upstream of a proxy_pass: an origin (`http://api:8080`), or for the broker also a path. */
function upstream(value: string, schemes: Record<string, string>, withPath: boolean): string {
  const url = new URL(value);
  const scheme = schemes[url.protocol];
  if (!scheme) throw new Error(`must start with ${Object.keys(schemes).join('// or ')}//`);
  if (url.username || url.password) throw new Error('must not carry credentials');
  if (url.search || url.hash) throw new Error('must have no query or fragment');
  if (!withPath && url.pathname !== '/') throw new Error('must be an origin without a path (the request path is kept)');
  const path = withPath && url.pathname !== '/' ? url.pathname : '';
  const result = `${scheme}//${url.host}${path}`;
  if (NGINX_UNSAFE.test(result)) throw new Error('holds characters nginx cannot take');
  return result;
}

const HTTP = { 'http:': 'http:', 'https:': 'https:' };
const WEBSOCKET = { 'ws:': 'http:', 'wss:': 'https:', 'http:': 'http:', 'https:': 'https:' };

/** The headers as nginx directives, sent on every answer (`always`: errors too). */
export function nginxHeaderLines(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => {
      if (/["\\$\r\n]/.test(value)) throw new DeployError(`the ${name} header holds a character nginx cannot take`);
      return `add_header ${name} "${value}" always;`;
    })
    .join('\n');
}

/** Fills every @NAME@ of a template; a placeholder without a value is an error, not an empty string. */
export function fillTemplate(template: string, values: Record<string, string>, source: string): string {
  return template.replace(/@([A-Z][A-Z_]*)@/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new DeployError(`${source} names @${name}@, which has no value`);
    return value;
  });
}

/**
 * Everything nginx needs, from the environment. `readFile` reads CONSOLE_NGINX_INCLUDE's file.
 * Throws DeployError naming every problem.
 */
export function renderDeployment(env: Environment, readFile: (file: string) => string): Deployment {
  const problems: string[] = [];
  const read = <T>(name: Setting, parse: (value: string) => T, fallback?: T): T | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      if (fallback === undefined) problems.push(`${name} is required: ${ENVIRONMENT[name]}`);
      return fallback;
    }
    try {
      return parse(raw);
    } catch (error) {
      problems.push(`${name} ${error instanceof Error ? error.message : String(error)} (it is "${raw}")`);
      return undefined;
    }
  };
  const optional = <T>(name: Setting, parse: (value: string) => T): T | undefined =>
    env[name] ? read(name, parse) : undefined;
  const text = (value: string) => value;
  const folder = (value: string): string => {
    if (!SAFE_PATH.test(value)) throw new Error('must be an absolute path of letters, digits and . _ - / +');
    return value.replace(/(.)\/+$/, '$1');
  };

  const apiUpstream = read('CONSOLE_API_UPSTREAM', (value) => upstream(value, HTTP, false));
  const filesUpstream = read('CONSOLE_FILES_UPSTREAM', (value) => upstream(value, HTTP, false));
  const brokerUpstream = read('CONSOLE_BROKER_UPSTREAM', (value) => upstream(value, WEBSOCKET, true));
  const listen = read(
    'CONSOLE_LISTEN',
    (value) => {
      const match = /^(?:(\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]|localhost):)?(\d{1,5})$/.exec(value);
      const port = Number(match?.[2]);
      if (!match || port < 1 || port > 65535) throw new Error('must be a port (1-65535) or address:port');
      return value;
    },
    '8080',
  );
  const root = read('CONSOLE_ROOT', folder);
  const runtime = read('CONSOLE_NGINX_RUNTIME', folder);
  const user = optional('CONSOLE_NGINX_USER', (value) => {
    if (!/^[a-z_][a-z0-9_-]*$/i.test(value)) throw new Error('must be a user name');
    return `user ${value};`;
  });
  const accessLog = read(
    'CONSOLE_NGINX_ACCESS_LOG',
    (value) => {
      if (value !== 'off' && !SAFE_PATH.test(value)) throw new Error('must be off or an absolute path');
      return value;
    },
    '/dev/stdout',
  );

  const caFile = read('CONSOLE_UPSTREAM_CA_FILE', folder, '/etc/ssl/certs/ca-certificates.crt');
  const tlsName = optional('CONSOLE_UPSTREAM_TLS_NAME', (value) => {
    if (!/^[A-Za-z0-9.-]+$/.test(value)) throw new Error('must be a host name');
    return `proxy_ssl_name ${value};`;
  });
  const proxies = read('CONSOLE_TRUSTED_PROXIES', trustedProxies, trustedProxies(undefined));

  const raw: Record<string, unknown> = {
    ...SAME_ORIGIN_PATHS,
    brokerUsername: read('CONSOLE_BROKER_USERNAME', text),
    liveTopicTemplate: read('CONSOLE_LIVE_TOPIC_TEMPLATE', text),
    requestTimeoutMs: optional('CONSOLE_REQUEST_TIMEOUT_MS', (value) => {
      if (!/^\d+$/.test(value)) throw new Error('must be a whole number of milliseconds');
      return Number(value);
    }),
    // Refused at start (not left to the browser's fallback): an operator who sets it means that value.
    idleTimeoutMinutes: optional('CONSOLE_IDLE_TIMEOUT_MINUTES', (value) => {
      const { min, max } = IDLE_TIMEOUT_RANGE_MINUTES;
      if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
        throw new Error(`must be a whole number of minutes from ${min} to ${max}`);
      }
      return Number(value);
    }),
    paymentProviderOrigin: optional('CONSOLE_PAYMENT_PROVIDER_ORIGIN', text),
    photoBaseUrl: optional('CONSOLE_PHOTO_BASE_URL', text),
    session: optional('CONSOLE_SESSION', text),
    developmentSameOriginPayments: optional('CONSOLE_DEVELOPMENT_SAME_ORIGIN_PAYMENTS', (value) => {
      if (value !== 'true' && value !== 'false') throw new Error('must be true or false');
      return value === 'true' ? true : undefined;
    }),
  };
  let config: ConsoleConfig | undefined;
  if (raw.brokerUsername !== undefined && raw.liveTopicTemplate !== undefined) {
    try {
      config = parseConfig(JSON.parse(JSON.stringify(raw)));
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length || !config || !runtime) {
    throw new DeployError(`The console cannot start behind nginx:\n- ${problems.join('\n- ')}`);
  }

  const values: Record<string, string> = {
    USER: user ?? '# (user: nginx default)',
    RUNTIME: runtime,
    ROOT: root!,
    LISTEN: listen!,
    ACCESS_LOG: accessLog!,
    API_UPSTREAM: apiUpstream!,
    FILES_UPSTREAM: filesUpstream!,
    BROKER_UPSTREAM: brokerUpstream!,
    UPSTREAM_CA_FILE: caFile!,
    UPSTREAM_TLS_NAME: tlsName ?? "# (proxy_ssl_name: the upstream's host)",
    TRUSTED_PROXIES: proxies!,
    RETRY_AFTER: String(RETRY_AFTER_SECONDS),
  };
  const zones = rateZones();
  values.RATE_LIMIT_ZONES = rateLimitHttp(zones);
  values.RATE_LIMIT_LOCATIONS = rateLimitLocations(zones, `            include ${runtime}/api-proxy.conf;`);
  const include = env.CONSOLE_NGINX_INCLUDE;
  const site = include
    ? fillTemplate(readFile(include), values, `CONSOLE_NGINX_INCLUDE (${include})`)
    : '# No site include (CONSOLE_NGINX_INCLUDE).\n';
  const known = new Set<string>(Object.keys(ENVIRONMENT));
  const warnings = Object.keys(env)
    .filter((name) => name.startsWith('CONSOLE_') && !known.has(name))
    .map((name) => `${name} is not a setting of the nginx deployment: ignored`);
  return {
    files: {
      'config.json': `${JSON.stringify(config, null, 2)}\n`,
      'security-headers.conf': `${nginxHeaderLines(securityHeaders(config))}\n`,
      'nginx.conf': fillTemplate(nginxTemplate, values, 'nginx.conf.template'),
      'api-proxy.conf': fillTemplate(apiProxyTemplate, values, 'api-proxy.conf.template'),
      'site.conf': site,
    },
    warnings,
  };
}
