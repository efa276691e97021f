/**
 * Runtime configuration, read once at start from `config.json` next to the console (never compiled in):
 * where the API, the file store, the photo host and the live-feed broker are, the broker username and the topic template.
 * It holds no secret: the console signs in to the broker with the user's own access token (see live-connection.ts),
 * so the file is public like the rest of the console.
 */
import { isLoopbackHost } from './loopback.ts';

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
  constructor(
    message: string,
    /** The server could not be reached at all (no connection): nothing is wrong with the configuration. */
    readonly unreachable = false,
  ) {
    super(message);
  }
}

/** Where the console itself is served (`window.location`): its scheme decides which addresses config.json may name. */
export interface ConsolePage {
  protocol: string;
  hostname: string;
}

/** The settings naming an address the console calls, and the scheme each must use when the console is on https. */
const SECURE_SCHEMES = {
  apiBaseUrl: 'https:',
  fileStoreBaseUrl: 'https:',
  brokerUrl: 'wss:',
  photoBaseUrl: 'https:',
} as const;

/**
 * A console served over https must not name a plain `http:` API or file store or a `ws:` broker: the browser blocks
 * such calls as mixed content, and where it would not, the access token (sent with every call and as the broker
 * password) would cross the network in clear. A path (`/api`, `/mqtt`) takes the page's own scheme and is fine.
 * (`paymentProviderOrigin` must be https on any page.)
 */
function insecureAddresses(record: Record<string, unknown>, page: ConsolePage | undefined): string[] {
  if (page?.protocol !== 'https:') return [];
  return Object.entries(SECURE_SCHEMES).flatMap(([field, secure]) => {
    const value = record[field];
    const scheme = typeof value === 'string' ? /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1] : undefined;
    if (scheme === undefined || `${scheme.toLowerCase()}:` === secure) return [];
    return [
      `"${field}" must start with ${secure}// or be a path on the console's host, because the console is served ` +
        `over https (it names ${scheme.toLowerCase()}:)`,
    ];
  });
}

/**
 * `developmentSameOriginPayments` lets card forms go to the console's own origin, which only the local mock stack
 * serves a provider on: a console on any other host refuses it, so a production config.json cannot carry it by
 * accident (the pay page checks the host again before it posts).
 */
function sameOriginPaymentProblems(value: unknown, page: ConsolePage | undefined): string[] {
  if (value === undefined) return [];
  if (typeof value !== 'boolean') return ['"developmentSameOriginPayments" must be true or false'];
  if (!value || !page || isLoopbackHost(page.hostname)) return [];
  return [
    `"developmentSameOriginPayments" is for local development only and must be removed: the console is served ` +
      `from ${page.hostname}, not from 127.0.0.1, localhost or [::1]`,
  ];
}

/**
 * `photoBaseUrl`: an `http(s)` URL without credentials, or a path on the console's host starting with one `/`; no
 * query, fragment, backslash, space or `..` (the photos' relative paths are appended to it).
 */
const PHOTO_BASE = /^(?:https?:\/\/[^/?#\s\\@]+(?:\/[^?#\s\\]*)?|\/(?!\/)[^?#\s\\]*)$/i;

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
  const photos = record.photoBaseUrl;
  if (photos !== undefined && (typeof photos !== 'string' || !PHOTO_BASE.test(photos) || photos.includes('..'))) {
    problems.push('"photoBaseUrl" must be an http(s) URL or a path such as /photos/');
  }
  if (record.session !== undefined && !SESSION_MODES.includes(record.session as SessionMode)) {
    problems.push('"session" must be "cookie" (the refresh cookie) or "bearer" (a backend without it)');
  }
  problems.push(...insecureAddresses(record, page));
  problems.push(...sameOriginPaymentProblems(record.developmentSameOriginPayments, page));
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
