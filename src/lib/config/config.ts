/**
 * Runtime configuration, read once at start from `config.json` next to the console (never compiled in):
 * where the API, the file store and the live-feed broker are, the broker credentials and the topic template.
 */
export interface ConsoleConfig {
  apiBaseUrl: string;
  fileStoreBaseUrl: string;
  /** ws:// or wss:// URL of the MQTT broker, or a path on the console's own host (for example `/mqtt`). */
  brokerUrl: string;
  brokerUsername: string;
  brokerPassword: string;
  /** Live-feed topic of a panel; `{dev_id}` is replaced by the panel's device id. */
  liveTopicTemplate: string;
}

const FIELDS: (keyof ConsoleConfig)[] = [
  'apiBaseUrl',
  'fileStoreBaseUrl',
  'brokerUrl',
  'brokerUsername',
  'brokerPassword',
  'liveTopicTemplate',
];

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
  const extra = Object.keys(record).filter((key) => !FIELDS.includes(key as keyof ConsoleConfig));
  if (extra.length) problems.push(`unknown settings: ${extra.join(', ')}`);
  if (typeof record.liveTopicTemplate === 'string' && !record.liveTopicTemplate.includes('{dev_id}')) {
    problems.push('"liveTopicTemplate" must contain {dev_id}');
  }
  if (typeof record.brokerUrl === 'string' && !/^(wss?:\/\/|\/)/.test(record.brokerUrl)) {
    problems.push('"brokerUrl" must start with ws://, wss:// or /');
  }
  if (problems.length) throw new ConfigError(`config.json is invalid: ${problems.join('; ')}`);
  return Object.fromEntries(FIELDS.map((field) => [field, record[field]])) as unknown as ConsoleConfig;
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
