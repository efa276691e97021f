/**
 * The checks of config.json's values beyond their presence: the topic template, the addresses (and their scheme on
 * an https page), the optional settings' ranges and forms. Each problem is named, so a deployer can fix the file at
 * once.
 */
import { isLoopbackHost } from './loopback.ts';

/** A longer wait is no longer a wait but a hang; a shorter one fails calls that are merely slow. */
const REQUEST_TIMEOUT_RANGE_MS = { min: 1_000, max: 300_000 };

const isHttpsOrigin = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.origin === value;
  } catch {
    return false;
  }
};

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

/** The problems of a config.json's values in themselves: the topic template, the broker's address, the ranges and forms. */
export function valueProblems(record: Record<string, unknown>): string[] {
  const problems: string[] = [];
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
  return problems;
}

/** The problems of a config.json for the console served at `page` (unset: not held to a page's scheme or host). */
export function pageProblems(record: Record<string, unknown>, page: ConsolePage | undefined): string[] {
  return [...insecureAddresses(record, page), ...sameOriginPaymentProblems(record.developmentSameOriginPayments, page)];
}
