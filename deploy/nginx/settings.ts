/**
 * The nginx deployment's settings, read from the environment: what each means (README "Production" lists the same),
 * and how each value is read and checked. A wrong or missing value is named, with the setting, among the problems
 * the caller reports at once.
 */
export type Environment = Record<string, string | undefined>;

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

export type Setting = keyof typeof ENVIRONMENT;

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

/** The checks of the settings' values: each gives the value for nginx, or throws with what is wrong. */
export const valueChecks = {
  text: (value: string): string => value,
  httpUpstream: (value: string): string => upstream(value, HTTP, false),
  brokerUpstream: (value: string): string => upstream(value, WEBSOCKET, true),
  folder: (value: string): string => {
    if (!SAFE_PATH.test(value)) throw new Error('must be an absolute path of letters, digits and . _ - / +');
    return value.replace(/(.)\/+$/, '$1');
  },
  listen: (value: string): string => {
    const match = /^(?:(\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]|localhost):)?(\d{1,5})$/.exec(value);
    const port = Number(match?.[2]);
    if (!match || port < 1 || port > 65535) throw new Error('must be a port (1-65535) or address:port');
    return value;
  },
  user: (value: string): string => {
    if (!/^[a-z_][a-z0-9_-]*$/i.test(value)) throw new Error('must be a user name');
    return `user ${value};`;
  },
  accessLog: (value: string): string => {
    if (value !== 'off' && !SAFE_PATH.test(value)) throw new Error('must be off or an absolute path');
    return value;
  },
  tlsName: (value: string): string => {
    if (!/^[A-Za-z0-9.-]+$/.test(value)) throw new Error('must be a host name');
    return `proxy_ssl_name ${value};`;
  },
};

/**
 * Reads settings of `env`, each problem added to `problems`: `read` takes a required setting (or its `fallback` when
 * unset), `optional` one that may be left out.
 */
export function settingsOf(env: Environment, problems: string[]) {
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
  return { read, optional };
}
