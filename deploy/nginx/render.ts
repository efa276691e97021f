/**
 * What the console's nginx needs at start, from the environment: config.json (checked by the console's own
 * parseConfig), the security headers (src/lib/config/security-headers.ts, from that same config), nginx.conf (the
 * template with the upstream addresses, ports and folders) and the site's optional include. Pure: configure.ts writes
 * the files. Every wrong or missing value is named at once, so an operator fixes the environment in one go; the
 * settings and the checks of their values are in settings.ts.
 */
import { ConfigError, parseConfig, type ConsoleConfig } from '../../src/lib/config/config.ts';
import { securityHeaders } from '../../src/lib/config/security-headers.ts';
import { IDLE_TIMEOUT_RANGE_MINUTES } from '../../src/lib/config/idle-timeout.ts';
import apiProxyTemplate from './api-proxy.conf.template?raw';
import { rateLimitHttp, rateLimitLocations, rateZones, RETRY_AFTER_SECONDS, trustedProxies } from './hardening.ts';
import nginxTemplate from './nginx.conf.template?raw';
import { ENVIRONMENT, settingsOf, valueChecks, type Environment } from './settings.ts';

/** The paths this deployment serves the API, the file store and the broker under (the template's locations). */
export const SAME_ORIGIN_PATHS = { apiBaseUrl: '/api', fileStoreBaseUrl: '/files', brokerUrl: '/mqtt' } as const;

export interface Deployment {
  /** File name in the runtime folder → content. */
  files: Record<'config.json' | 'security-headers.conf' | 'nginx.conf' | 'api-proxy.conf' | 'site.conf', string>;
  /** Environment names that look like settings but are none (a typo keeps its setting's default). */
  warnings: string[];
}

export class DeployError extends Error {
  override name = 'DeployError';
}

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
  const { read, optional } = settingsOf(env, problems);
  const { text, folder } = valueChecks;
  const apiUpstream = read('CONSOLE_API_UPSTREAM', valueChecks.httpUpstream);
  const filesUpstream = read('CONSOLE_FILES_UPSTREAM', valueChecks.httpUpstream);
  const brokerUpstream = read('CONSOLE_BROKER_UPSTREAM', valueChecks.brokerUpstream);
  const listen = read('CONSOLE_LISTEN', valueChecks.listen, '8080');
  const root = read('CONSOLE_ROOT', folder);
  const runtime = read('CONSOLE_NGINX_RUNTIME', folder);
  const user = optional('CONSOLE_NGINX_USER', valueChecks.user);
  const accessLog = read('CONSOLE_NGINX_ACCESS_LOG', valueChecks.accessLog, '/dev/stdout');
  const caFile = read('CONSOLE_UPSTREAM_CA_FILE', folder, '/etc/ssl/certs/ca-certificates.crt');
  const tlsName = optional('CONSOLE_UPSTREAM_TLS_NAME', valueChecks.tlsName);
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
