/**
 * Runtime configuration, read once at start from `config.json` next to the console (never compiled in):
 * where the API, the file store, the photo host and the live-feed broker are, the broker username and the topic template.
 * It holds no secret: the console signs in to the broker with the user's own access token (see live-connection.ts),
 * so the file is public like the rest of the console.
 */
import { pageProblems, valueProblems, type ConsolePage } from './config-checks.ts';

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
   * it, and without `developmentSameOriginPayments`, the console cannot take card payments.
   */
  paymentProviderOrigin?: string;
  /**
   * Development only: the pay page may also post the card form to the console's own origin (the mock stack's fake
   * provider under `/provider/`). Honoured only on a console served from a loopback host (127.0.0.1, localhost,
   * [::1]); anywhere else a config.json carrying it is refused at start.
   */
  developmentSameOriginPayments?: boolean;
  /**
   * The photo host (spec 1 §7: "Photos load from a server host plus a relative path"): an `http(s)` URL such as
   * `https://photos.example.com/uploads/`, or a path on the console's own host (`/files/photos/`). A photo the API
   * answers as a relative path (the contract's `PhotoPath`: a dealership request's tax plate or logo) is shown from
   * here, and the policy's `img-src` names its origin. Without it such a photo is not shown (the viewer says so).
   */
  photoBaseUrl?: string;
  /**
   * Minutes without activity (pointer, key, touch, focus, in any tab) before the console signs out, with a warning a
   * minute before; DEFAULT_IDLE_TIMEOUT_MINUTES when absent. A value out of range falls back to it (idle-timeout.ts).
   */
  idleTimeoutMinutes?: number;
  /**
   * How the backend keeps a session (lib/session/token-store.ts): `cookie` (the default, the contract's refresh
   * cookie: the access token in memory only, shared between tabs, renewed from the cookie on a reload) or `bearer` (a
   * backend that sets no cookie: the token in this tab's sessionStorage, gone with the tab).
   */
  session?: SessionMode;
}

/** The two ways of keeping a session (config.json `session`). */
export type SessionMode = 'cookie' | 'bearer';
export const SESSION_MODES: readonly SessionMode[] = ['cookie', 'bearer'];

/** The session mode in force: `cookie` unless config.json says `bearer`. */
export const sessionMode = (config: Pick<ConsoleConfig, 'session'>): SessionMode => config.session ?? 'cookie';

/** Settings a config.json may leave out. */
const OPTIONAL_FIELDS: (keyof ConsoleConfig)[] = [
  'requestTimeoutMs',
  'paymentProviderOrigin',
  'developmentSameOriginPayments',
  'photoBaseUrl',
  'idleTimeoutMinutes',
  'session',
];

export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;

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

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(
    message: string,
    /** The server could not be reached at all (no connection): nothing is wrong with the configuration. */
    readonly unreachable = false,
  ) {
    super(message);
  }
}

/**
 * Checks a parsed config.json; every problem is named, so a deployer can fix the file at once. `page` is where the
 * console is served (the browser's location); without it (the local tools that serve config.json) the addresses are
 * not held to the page's scheme.
 */
export function parseConfig(raw: unknown, page?: ConsolePage): ConsoleConfig {
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
  problems.push(...valueProblems(record));
  if (record.session !== undefined && !SESSION_MODES.includes(record.session as SessionMode)) {
    problems.push('"session" must be "cookie" (the refresh cookie) or "bearer" (a backend without it)');
  }
  problems.push(...pageProblems(record, page));
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

/** Loads and checks config.json for the console served at `page`. */
export async function loadConfig(
  url = '/config.json',
  page: ConsolePage = globalThis.location,
): Promise<ConsoleConfig> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store' });
  } catch {
    throw new ConfigError(`config.json could not be loaded from ${url}`, true);
  }
  if (!response.ok) throw new ConfigError(`config.json could not be loaded from ${url} (HTTP ${response.status})`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new ConfigError('config.json is not valid JSON');
  }
  return parseConfig(raw, page);
}
