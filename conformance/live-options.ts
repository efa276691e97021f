/** What a run of the live check is given, the checks it reports (by stable name) and what it reports them with. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ROOT, type Contract } from '../mocks/contract.ts';
import { MAX_MESSAGE_BYTES } from '../src/lib/live/limits.ts';
import type { CheckResult } from './checks.ts';
import { CONNECT_CHECKS } from './live-connect.ts';
import { isObject } from './requests.ts';
import { UsageError } from './usage-error.ts';

export const ASYNCAPI_FILE = path.join(ROOT, 'asyncapi', 'asyncapi.yaml');

/** The checks of a run, in the order they are reported (names are stable: two runs compare). */
export const LIVE_CHECKS = {
  list: "live: the caller's panels are listed by the API",
  signIn: "live: sign in to the broker with the console's credentials",
  ownTopics: "live: subscribe to the caller's panels granted",
  json: 'live: payloads are JSON',
  schema: 'live: payloads match the AsyncAPI schema',
  devId: "live: payload dev_id is the topic's panel",
  size: 'live: messages within the size limit',
  hash: 'live: subscribe to # refused',
  plus: 'live: subscribe to + refused',
  templatePlus: 'live: subscribe to the topic template with + for dev_id refused',
  otherPanel: "live: subscribe to another user's panel refused",
  publish: "live: publish with the console's credentials refused",
  // Who may CONNECT at all (live-connect.ts).
  ...CONNECT_CHECKS,
} as const;

export interface LiveOptions {
  /** The broker's websocket URL (`ws://…`, `wss://…`; `mqtt://`/`mqtts://` are accepted too). */
  broker: string;
  /** The console's broker username (config.json `brokerUsername`). */
  username: string;
  /** The user's access token: the REST bearer token and the broker password. */
  token: string;
  /** The REST API's base URL (the contract's paths are appended to it). */
  api: string;
  /** The topic template (config.json `liveTopicTemplate`); default: the AsyncAPI channel address. */
  topicTemplate?: string;
  /** The observation window in seconds (default 10). */
  seconds?: number;
  /** Largest payload in bytes (default: the AsyncAPI document's declared limit, else the console's 64 KiB). */
  maxBytes?: number;
  /** The dev_id of a panel not the caller's (default: one past the largest dev_id of the caller's list). */
  otherPanel?: number;
  /** Bound of each REST request, broker sign-in and SUBACK in ms (default 10 000). */
  timeoutMs?: number;
  /** How long a PUBLISH probe may take to be delivered before it counts as refused, in ms (default 2000). */
  probeMs?: number;
  /** A token of this server whose `exp` has passed: a CONNECT with it must be refused (skipped without). */
  expiredToken?: string;
  /** A token of a session the caller signed out: a CONNECT with it must be refused (skipped without). */
  revokedToken?: string;
  contract?: Contract;
  /** Ends the run early (the window closes, every connection ends). */
  signal?: AbortSignal;
  log?(line: string): void;
}

export interface LiveStats {
  broker: string;
  api: string;
  topicTemplate: string;
  /** The operation the panels were listed with (`getUserDevices` or `getUserAllDevices`). */
  listedBy?: string;
  panels: number;
  /** Topics the broker granted to the console (of `panels`). */
  subscribed: number;
  /** The window actually observed, in seconds. */
  seconds: number;
  messages: number;
  messagesPerSecond: number;
  bytes: number;
  nonJson: number;
  invalid: number;
  mismatched: number;
  oversized: number;
  maxBytes: number;
  /** Where the size limit comes from. */
  maxBytesSource: string;
  durationMs: number;
}

export interface LiveReport {
  results: CheckResult[];
  stats: LiveStats;
}

/** The AsyncAPI document, parsed (its own data only; `$ref`s to the OpenAPI files are not followed). */
const readAsyncApi = (file = ASYNCAPI_FILE): Record<string, unknown> => {
  const document = parseYaml(readFileSync(file, 'utf8')) as unknown;
  return isObject(document) ? document : {};
};

/**
 * The payload limit the AsyncAPI document declares (the smallest `maximumPacketSize` of a server's MQTT binding), or
 * the console's own (src/lib/live/limits.ts: a message over it is dropped unread; the AsyncAPI description says so).
 */
export function sizeLimit(document = readAsyncApi()): { bytes: number; source: string } {
  const servers = isObject(document.servers) ? document.servers : {};
  const declared = Object.entries(servers)
    .map(([name, server]) => {
      const bindings = isObject(server) && isObject(server.bindings) ? server.bindings : {};
      const size = isObject(bindings.mqtt) ? bindings.mqtt.maximumPacketSize : undefined;
      return { name, size: typeof size === 'number' ? size : undefined };
    })
    .filter((entry): entry is { name: string; size: number } => Number.isSafeInteger(entry.size) && entry.size! > 0)
    .sort((a, b) => a.size - b.size)[0];
  if (declared)
    return { bytes: declared.size, source: `AsyncAPI servers.${declared.name}.bindings.mqtt.maximumPacketSize` };
  return {
    bytes: MAX_MESSAGE_BYTES,
    source: "the console's limit, src/lib/live/limits.ts, as the AsyncAPI description says",
  };
}

/** Checks a topic template as the console's config does: it names the panel with `{dev_id}`. */
export function checkTopicTemplate(template: string): string {
  if (!template.includes('{dev_id}')) throw new UsageError(`--topic-template must contain {dev_id}, got "${template}"`);
  if (/[#+]/.test(template)) throw new UsageError(`--topic-template must not contain a wildcard, got "${template}"`);
  return template;
}

/** Checks a broker URL: MQTT over websockets (as the console connects) or plain MQTT. */
export function parseBrokerUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--broker must be a URL such as wss://broker.example.com/mqtt, got "${text}"`);
  }
  if (!['ws:', 'wss:', 'mqtt:', 'mqtts:'].includes(url.protocol))
    throw new UsageError(`--broker must use ws, wss, mqtt or mqtts, got "${url.protocol}"`);
  return text;
}

/** A live check not run, with the reason. */
export const liveSkipped = (name: string, reason: string): CheckResult => ({
  kind: 'live',
  area: 'live',
  name,
  status: 'skipped',
  message: reason,
  durationMs: 0,
});
