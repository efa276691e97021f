/**
 * Runtime configuration, read once at start from `config.json` next to the console (never compiled in):
 * where the API, the file store and the live-feed broker are, the broker username and the topic template.
 * It holds no secret: the console signs in to the broker with the user's own access token (see live-connection.ts),
 * so the file is public like the rest of the console.
 */
export interface ConsoleConfig {
  apiBaseUrl: string;
  fileStoreBaseUrl: string;
  /** ws:// or wss:// URL of the MQTT broker, or a path on the console's own host (for example `/mqtt`). */
  brokerUrl: string;
  /** Broker username of console connections; the password is the signed-in user's access token. */
  brokerUsername: string;
  /** Live-feed topic of a panel; `{dev_id}` is replaced by the panel's device id. */
  liveTopicTemplate: string;
  /** How long one API call may take before it fails as a timeout (ms); DEFAULT_REQUEST_TIMEOUT_MS when absent. */
  requestTimeoutMs?: number;
  /**
   * The https origin of the card payment provider (`https://pay.example-provider.com`): the only place besides the
   * console's own origin that the pay page posts a card form to (the policy's `form-action` names it too). Without
   * it, card payment works only with a provider on the console's own origin (the mock stack's).
   */
  paymentProviderOrigin?: string;
}

/** Settings a config.json may leave out. */
const OPTIONAL_FIELDS: (keyof ConsoleConfig)[] = ['requestTimeoutMs', 'paymentProviderOrigin'];

export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
/** A longer wait is no longer a wait but a hang; a shorter one fails calls that are merely slow. */
const REQUEST_TIMEOUT_RANGE_MS = { min: 1_000, max: 300_000 };

/** The request time-out in force. */
export const requestTimeoutMs = (config: ConsoleConfig): number =>
  config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;

const FIELDS: (keyof ConsoleConfig)[] = [
  'apiBaseUrl',
  'fileStoreBaseUrl',
  'brokerUrl',
  'brokerUsername',
  'liveTopicTemplate',
];

const isHttpsOrigin = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.origin === value;
  } catch {
    return false;
  }
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Checks a parsed config.json; every problem is named, so a deployer can fix the file at once. */
export function parseConfig(raw: unknown): ConsoleConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ConfigError('config.json must hold a JSON object');
  }
  const record = raw as Record<string, unknown>;
  const problems: string[] = [];
  for (const field of FIELDS) {
    if (typeof record[field] !== 'string') problems.push(`"${field}" must be a string`);
  }
  const known = [...FIELDS, ...OPTIONAL_FIELDS];
  const extra = Object.keys(record).filter((key) => !known.includes(key as keyof ConsoleConfig));
  if (extra.length) problems.push(`unknown settings: ${extra.join(', ')}`);
  // An older config.json carried a shared broker password; anything in this file is public, so refuse it loudly.
  if ('brokerPassword' in record) {
    problems.push('"brokerPassword" must be removed: the console signs in to the broker with the access token');
  }
  if (typeof record.liveTopicTemplate === 'string' && !record.liveTopicTemplate.includes('{dev_id}')) {
    problems.push('"liveTopicTemplate" must contain {dev_id}');
  }
  if (typeof record.brokerUrl === 'string' && !/^(wss?:\/\/|\/)/.test(record.brokerUrl)) {
    problems.push('"brokerUrl" must start with ws://, wss:// or /');
  }
  const timeout = record.requestTimeoutMs;
  if (
    timeout !== undefined &&
    (typeof timeout !== 'number' ||
      !Number.isInteger(timeout) ||
      timeout < REQUEST_TIMEOUT_RANGE_MS.min ||
      timeout > REQUEST_TIMEOUT_RANGE_MS.max)
  ) {
    const { min, max } = REQUEST_TIMEOUT_RANGE_MS;
    problems.push(`"requestTimeoutMs" must be a whole number of milliseconds from ${min} to ${max}`);
  }
  const provider = record.paymentProviderOrigin;
  if (provider !== undefined && (typeof provider !== 'string' || !isHttpsOrigin(provider))) {
    problems.push('"paymentProviderOrigin" must be an https origin such as https://pay.example.com (no path)');
  }
  if (problems.length) throw new ConfigError(`config.json is invalid: ${problems.join('; ')}`);
  const present = [...FIELDS, ...OPTIONAL_FIELDS.filter((field) => record[field] !== undefined)];
  return Object.fromEntries(present.map((field) => [field, record[field]])) as unknown as ConsoleConfig;
}

/** Absolute websocket URL of the broker (a path is taken on the console's own host). */
export function brokerWebSocketUrl(config: ConsoleConfig, location: { protocol: string; host: string }): string {
  if (!config.brokerUrl.startsWith('/')) return config.brokerUrl;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${config.brokerUrl}`;
}

export async function loadConfig(url = '/config.json'): Promise<ConsoleConfig> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store' });
  } catch {
    throw new ConfigError(`config.json could not be loaded from ${url}`);
  }
  if (!response.ok) throw new ConfigError(`config.json could not be loaded from ${url} (HTTP ${response.status})`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new ConfigError('config.json is not valid JSON');
  }
  return parseConfig(raw);
}
