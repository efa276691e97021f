/**
 * The live feed against AsyncAPI: signs in to the broker as the console does (the configured broker
 * username, the user's access token as password), subscribes to the caller's panels (read from the REST API with the
 * same token) for a window of N seconds and judges every message by the AsyncAPI payload schema (the validator the
 * codegen emits from asyncapi/asyncapi.yaml, the one the console runs), the topic's panel and the size limit; and
 * checks that the broker refuses what a console must never get: a subscription to `#`, to `+`, to the topic template
 * with `+` for the panel, to another user's panel, and any PUBLISH. A subscription the broker grants is judged by what
 * it delivers in the window: nothing but the caller's own topics is a broker that filters at delivery (stock
 * mosquitto with an ACL file grants every SUBSCRIBE), a message of any other topic is a leak.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_TOPIC_TEMPLATE } from '../generated/live/types.ts';
import validatePayload from '../generated/live/validate-panel-update.js';
import { CONTRACT_FILE, Contract, ROOT, type Operation } from '../mocks/contract.ts';
import { MAX_MESSAGE_BYTES, TOPICS_PER_PACKET, chunk } from '../src/lib/live/limits.ts';
import { PanelTopics } from '../src/lib/live/panel-topics.ts';
import { ResponseChecker, exchangeOf, noAnswer, sendDirect, type CheckResult, type DirectAnswer } from './checks.ts';
import { CONNECT_CHECKS, connectRefusals } from './live-connect.ts';
import { FIXED_HEADERS, isObject, resolve, type PlannedRequest } from './requests.ts';
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

/** A failure list longer than this is cut in the details (with the count of the rest). */
const DETAILS_LIMIT = 20;
/** Characters of a payload shown in a detail. */
const PAYLOAD_SHOWN = 300;

const SUBACK_FAILURE = 0x80;

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

const cutPayload = (text: string): string =>
  text.length > PAYLOAD_SHOWN ? `${text.slice(0, PAYLOAD_SHOWN)}… (${text.length} characters)` : text;

const limited = (lines: string[]): string[] =>
  lines.length > DETAILS_LIMIT
    ? [...lines.slice(0, DETAILS_LIMIT), `… and ${lines.length - DETAILS_LIMIT} more`]
    : lines;

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolveSleep) => {
    if (signal?.aborted) return resolveSleep();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolveSleep();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

// ---------------------------------------------------------------------------------------------------------------
// The caller's panels, from the REST API (the contract's operations, with the caller's token)

interface PanelList {
  result: CheckResult;
  devIds: number[];
  listedBy?: string;
}

const headersOf = (token: string): Record<string, string> => ({
  ...FIXED_HEADERS,
  authorization: `Bearer ${token}`,
  accept: 'application/json',
});

/** The query parameter named `name` of an operation (path-item or operation level), resolved. */
const queryParameter = (
  contract: Contract,
  operation: Operation,
  name: string,
): Record<string, unknown> | undefined => {
  const lists = [operation.pathItem.parameters, operation.spec.parameters];
  for (const list of lists.reverse()) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const param = resolve(contract, raw);
      if (isObject(param) && param.in === 'query' && param.name === name) return param;
    }
  }
  return undefined;
};

/**
 * Lists the caller's panels as the console does: a caller whose level reaches `getUserAllDevices`'s
 * `x-required-level` gets every panel at once, anyone else pages through `getUserDevices` (the panel list's call) at
 * the largest page the contract allows. Every answer is also judged by the contract's response schemas.
 */
async function listPanels(
  contract: Contract,
  responses: ResponseChecker,
  api: string,
  token: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<PanelList> {
  const started = Date.now();
  const base = { kind: 'live' as const, area: 'live', name: LIVE_CHECKS.list };
  const headers = headersOf(token);
  const fail = (
    operation: Operation,
    message: string,
    request: PlannedRequest,
    answer?: DirectAnswer,
    details?: string[],
  ) => ({
    result: {
      ...base,
      operationId: operation.operationId,
      status: 'failed' as const,
      message,
      ...(details?.length ? { details } : {}),
      exchange: exchangeOf(request, answer),
      durationMs: Date.now() - started,
    },
    devIds: [],
  });
  const send = async (operation: Operation, url: string) => {
    const request: PlannedRequest = { url, method: operation.method.toUpperCase(), headers };
    try {
      const answer = await sendDirect(api, request, { timeoutMs, ...(signal ? { signal } : {}) });
      return { request, answer };
    } catch (error) {
      return { request, error: noAnswer(error, timeoutMs) };
    }
  };
  /** The answer's rows, or why the answer is not a panel list. */
  const judge = (operation: Operation, request: PlannedRequest, answer: DirectAnswer) => {
    const violations = responses.check(operation, answer).map((v) => `${v.location}: ${v.message}`);
    if (answer.status !== 200)
      return fail(
        operation,
        `${operation.operationId} answered ${answer.status} to the caller's token`,
        request,
        answer,
        violations,
      );
    if (violations.length > 0)
      return fail(operation, `${operation.operationId}'s answer breaks the contract`, request, answer, violations);
    const rows = isObject(answer.json) && Array.isArray(answer.json.data) ? answer.json.data : [];
    return rows
      .map((row) => (isObject(row) ? row.dev_id : undefined))
      .filter((devId): devId is number => Number.isSafeInteger(devId));
  };

  const detailOperation = contract.byId('getUserDetail');
  const detail = await send(detailOperation, detailOperation.path);
  if ('error' in detail)
    return fail(detailOperation, `${detailOperation.operationId}: ${detail.error}`, detail.request);
  const profile =
    isObject(detail.answer.json) && isObject(detail.answer.json.data) ? detail.answer.json.data : undefined;
  if (detail.answer.status !== 200 || !profile)
    return fail(
      detailOperation,
      `${detailOperation.operationId} answered ${detail.answer.status} to the caller's token`,
      detail.request,
      detail.answer,
    );
  const userType = Number.isSafeInteger(profile.UserType) ? (profile.UserType as number) : 0;

  const all = contract.byId('getUserAllDevices');
  const allLevel = (all.spec as Record<string, unknown>)['x-required-level'];
  const devIds = new Set<number>();
  let listedBy: Operation;
  if (typeof allLevel === 'number' && userType >= allLevel) {
    listedBy = all;
    const sent = await send(all, all.path);
    if ('error' in sent) return fail(all, `${all.operationId}: ${sent.error}`, sent.request);
    const rows = judge(all, sent.request, sent.answer);
    if (!Array.isArray(rows)) return rows;
    rows.forEach((devId) => devIds.add(devId));
  } else {
    listedBy = contract.byId('getUserDevices');
    const limit = queryParameter(contract, listedBy, 'limit');
    const schema = isObject(limit?.schema) ? limit.schema : {};
    const pageSize = Number.isSafeInteger(schema.maximum) ? (schema.maximum as number) : 100;
    // Pages until a short one; bounded (a server that always answers a full page does not keep the run forever).
    for (let offset = 0, page = 0; page < 1000; page++) {
      const url = `${listedBy.path.replace('{offset}', String(offset))}${limit ? `?${String(limit.name)}=${pageSize}` : ''}`;
      const sent = await send(listedBy, url);
      if ('error' in sent) return fail(listedBy, `${listedBy.operationId}: ${sent.error}`, sent.request);
      const rows = judge(listedBy, sent.request, sent.answer);
      if (!Array.isArray(rows)) return rows;
      rows.forEach((devId) => devIds.add(devId));
      const count =
        isObject(sent.answer.json) && Array.isArray(sent.answer.json.data) ? sent.answer.json.data.length : 0;
      if (count < pageSize || count === 0) break;
      offset += count;
    }
  }
  const sorted = [...devIds].sort((a, b) => a - b);
  return {
    result: {
      ...base,
      operationId: listedBy.operationId,
      status: 'passed',
      message: `${sorted.length} panels (${listedBy.operationId}, user type ${userType})`,
      durationMs: Date.now() - started,
    },
    devIds: sorted,
    listedBy: listedBy.operationId,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Broker connections

interface BrokerSettings {
  url: string;
  username: string;
  password: string;
  timeoutMs: number;
}

/** Every connection a run opens, ended when it finishes whatever happened. */
class Connections {
  private readonly open = new Set<MqttClient>();

  /** Signs in as the console does (MQTT 3.1.1, clean session, no automatic reconnect); throws why it failed. */
  async connect(settings: BrokerSettings): Promise<MqttClient> {
    const client = mqtt.connect(settings.url, {
      username: settings.username,
      password: settings.password,
      reconnectPeriod: 0,
      resubscribe: false,
      connectTimeout: settings.timeoutMs,
      clean: true,
    });
    this.open.add(client);
    let lastError: string | undefined;
    client.on('error', (error) => (lastError = error.message));
    try {
      await new Promise<void>((resolveConnect, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no CONNACK within ${settings.timeoutMs} ms`)),
          settings.timeoutMs,
        );
        client.once('connect', () => {
          clearTimeout(timer);
          resolveConnect();
        });
        client.once('close', () => {
          clearTimeout(timer);
          reject(new Error(lastError ?? 'the connection was closed before CONNACK'));
        });
      });
    } catch (error) {
      this.end(client);
      throw error;
    }
    return client;
  }

  end(client: MqttClient): void {
    this.open.delete(client);
    client.end(true);
  }

  endAll(): void {
    for (const client of this.open) this.end(client);
  }
}

type SubscribeVerdict =
  | { kind: 'granted' | 'refused'; code: number }
  | { kind: 'closed' }
  | { kind: 'no-answer'; reason: string }
  | { kind: 'no-connection'; reason: string };

/** Subscribes to one topic and waits for the broker's answer: a SUBACK code, a closed connection, or nothing. */
function subscribeOnce(client: MqttClient, topics: string[], timeoutMs: number): Promise<number[] | SubscribeVerdict> {
  return new Promise((settle) => {
    let settled = false;
    const finish = (value: number[] | SubscribeVerdict) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.off('close', onClose);
      settle(value);
    };
    const onClose = () => finish({ kind: 'closed' });
    const timer = setTimeout(
      () => finish({ kind: 'no-answer', reason: `no SUBACK within ${timeoutMs} ms` }),
      timeoutMs,
    );
    client.once('close', onClose);
    client.subscribe(topics, { qos: 0 }, (error, granted, packet) => {
      // The SUBACK's codes (v3.1.1: numbers; mqtt.js also hands them back as grants).
      const raw = packet?.granted ?? granted?.map((grant) => grant.qos);
      const codes = raw?.map((code) => (typeof code === 'number' ? code : SUBACK_FAILURE));
      if (codes && codes.length === topics.length) return finish(codes);
      if (!client.connected) return finish({ kind: 'closed' });
      finish({ kind: 'no-answer', reason: error?.message ?? 'a SUBACK without a code per topic' });
    });
  });
}

/** What a subscription a console must not get came to: the broker's answer, and the topics it then delivered. */
interface SubscribeProbe {
  verdict: SubscribeVerdict;
  /** The topic of every message the subscription delivered (until the window's end, when it was granted). */
  delivered: string[];
}

/**
 * A subscription a console must not get, on a connection of its own (a broker may close it). A granted one keeps
 * listening until the run ends its connections: a broker may grant every subscription and filter what it delivers
 * (stock mosquitto with an ACL file does), so a grant is judged by what it delivers in the window.
 */
async function probeSubscribe(
  connections: Connections,
  settings: BrokerSettings,
  topic: string,
): Promise<SubscribeProbe> {
  let client: MqttClient;
  try {
    client = await connections.connect(settings);
  } catch (error) {
    return {
      verdict: { kind: 'no-connection', reason: error instanceof Error ? error.message : String(error) },
      delivered: [],
    };
  }
  const delivered: string[] = [];
  client.on('message', (deliveredTopic) => delivered.push(deliveredTopic));
  const answer = await subscribeOnce(client, [topic], settings.timeoutMs);
  if (!Array.isArray(answer)) {
    connections.end(client);
    return { verdict: answer, delivered };
  }
  const code = answer[0]!;
  if (code >= SUBACK_FAILURE) connections.end(client);
  return { verdict: { kind: code >= SUBACK_FAILURE ? 'refused' : 'granted', code }, delivered };
}

const hex = (code: number) => `0x${code.toString(16).padStart(2, '0')}`;

/** What a granted probe is judged by: the caller's own topics (not a leak) and the window it listened for. */
interface DeliveryJudge {
  own: ReadonlySet<string>;
  seconds: number;
}

/**
 * The result of a subscription the broker must refuse: SUBACK 0x80 (or any failure code) or a closed connection,
 * or a grant that delivered nothing but the caller's own topics within the window (a broker that filters what it
 * delivers); a grant that delivered a message of any other topic is a leak.
 */
function refusalResult(
  name: string,
  topic: string,
  { verdict, delivered }: SubscribeProbe,
  durationMs: number,
  judge: DeliveryJudge,
): CheckResult {
  const base = { kind: 'live' as const, area: 'live', name, durationMs };
  switch (verdict.kind) {
    case 'refused':
      return { ...base, status: 'passed', message: `refused "${topic}": SUBACK ${hex(verdict.code)}` };
    case 'closed':
      return { ...base, status: 'passed', message: `refused "${topic}": the broker closed the connection` };
    case 'granted': {
      const leaked = delivered.filter((deliveredTopic) => !judge.own.has(deliveredTopic));
      if (leaked.length > 0) {
        const topics = [...new Set(leaked)];
        return {
          ...base,
          status: 'failed',
          message: `accepted a subscription to "${topic}": SUBACK granted QoS ${verdict.code}, and it delivered ${leaked.length} messages of ${topics.length} topics not the caller's (expected the failure code 0x80, a disconnect, or nothing delivered)`,
          details: limited(topics.map((leakedTopic) => `delivered: ${leakedTopic}`)),
        };
      }
      return {
        ...base,
        status: 'passed',
        message: `granted "${topic}" (SUBACK QoS ${verdict.code}) but delivered nothing of another topic in ${judge.seconds} s (${delivered.length} messages of the caller's own): the broker filters what it delivers`,
        details: [
          'judged by what was delivered: a broker may grant a subscription and deliver only what its access rules let through (as mosquitto with an ACL file does); a leak needs traffic on other topics during the window, so name a live panel of another user with --other-panel',
        ],
      };
    }
    case 'no-answer':
      return {
        ...base,
        status: 'failed',
        message: `no verdict on a subscription to "${topic}": ${verdict.reason} (expected SUBACK 0x80 or a disconnect)`,
      };
    case 'no-connection':
      return {
        ...base,
        status: 'failed',
        message: `could not sign in to try a subscription to "${topic}": ${verdict.reason}`,
      };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The run

interface Observed {
  messages: number;
  bytes: number;
  nonJson: string[];
  invalid: string[];
  mismatched: string[];
  oversized: string[];
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The rule an AsyncAPI validation error names: where, what (and the unknown property of a closed object). */
interface PayloadRuleError {
  instancePath: string;
  schemaPath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

const ruleText = (error: PayloadRuleError) =>
  `${error.message ?? 'is invalid'}${
    error.keyword === 'additionalProperties' && error.params ? ` (${String(error.params.additionalProperty)})` : ''
  }`;

/**
 * The rules a payload breaks, one per place (instancePath + the validator's message); an `anyOf` that no branch
 * matched is one rule, with what each branch wanted (a flag that is neither a boolean nor 0/1).
 */
export function rulesOf(errors: readonly PayloadRuleError[]): string[] {
  const anyOfs = errors.filter((error) => error.keyword === 'anyOf' && error.schemaPath);
  const branchOf = (error: PayloadRuleError) =>
    anyOfs.find(
      (anyOf) =>
        anyOf !== error &&
        anyOf.instancePath === error.instancePath &&
        error.schemaPath?.startsWith(`${anyOf.schemaPath!}/`),
    );
  return errors
    .filter((error) => !branchOf(error))
    .map((error) => {
      const branches = error.keyword === 'anyOf' ? errors.filter((other) => branchOf(other) === error) : [];
      return `${error.instancePath || '(root)'} ${ruleText(error)}${
        branches.length ? ` (${branches.map(ruleText).join(', or ')})` : ''
      }`;
    });
}
/** Judges one message of the feed as the console's gate does, recording what is wrong with it. */
function judgeMessage(
  observed: Observed,
  topics: PanelTopics,
  watched: Set<string>,
  maxBytes: number,
  topic: string,
  payload: Buffer,
): void {
  observed.messages += 1;
  observed.bytes += payload.byteLength;
  const where = `message ${observed.messages} on ${topic}`;
  if (payload.byteLength > maxBytes) {
    observed.oversized.push(`${where}: ${payload.byteLength} bytes, over the limit of ${maxBytes}`);
    return;
  }
  let text: string;
  let message: unknown;
  try {
    text = decoder.decode(payload);
  } catch {
    observed.nonJson.push(`${where}: not UTF-8 text (${payload.byteLength} bytes)`);
    return;
  }
  try {
    message = JSON.parse(text) as unknown;
  } catch (error) {
    observed.nonJson.push(
      `${where}: not JSON (${error instanceof Error ? error.message : String(error)}): ${cutPayload(text)}`,
    );
    return;
  }
  if (!validatePayload(message)) {
    const rules = rulesOf((validatePayload.errors ?? []) as PayloadRuleError[]);
    observed.invalid.push(`${where}: ${rules.join('; ')} — payload ${cutPayload(text)}`);
  }
  const devId = watched.has(topic) ? topics.devIdOf(topic) : undefined;
  if (devId === undefined) {
    observed.mismatched.push(`${where}: the topic is none of the caller's panels' topics`);
  } else if (isObject(message) && message.dev_id !== undefined && message.dev_id !== devId) {
    observed.mismatched.push(
      `${where}: dev_id ${JSON.stringify(message.dev_id)} is not the topic's panel ${devId} — payload ${cutPayload(text)}`,
    );
  }
}

export async function runLive(options: LiveOptions): Promise<LiveReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const contract = options.contract ?? Contract.load(CONTRACT_FILE);
  const responses = new ResponseChecker(contract);
  const template = checkTopicTemplate(options.topicTemplate ?? DEFAULT_TOPIC_TEMPLATE);
  const seconds = options.seconds ?? 10;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const probeMs = options.probeMs ?? 2000;
  const limit = options.maxBytes !== undefined ? { bytes: options.maxBytes, source: '--max-bytes' } : sizeLimit();
  const api = options.api.replace(/\/+$/, '');
  const settings: BrokerSettings = {
    url: parseBrokerUrl(options.broker),
    username: options.username,
    password: options.token,
    timeoutMs,
  };
  const topics = new PanelTopics(template);
  const results: CheckResult[] = [];
  const observed: Observed = { messages: 0, bytes: 0, nonJson: [], invalid: [], mismatched: [], oversized: [] };
  const stats = (): LiveStats => ({
    broker: settings.url,
    api,
    topicTemplate: template,
    ...(listed.listedBy ? { listedBy: listed.listedBy } : {}),
    panels: listed.devIds.length,
    subscribed: granted.length,
    seconds: Math.round(windowMs / 100) / 10,
    messages: observed.messages,
    messagesPerSecond: windowMs > 0 ? Math.round((observed.messages / windowMs) * 10_000) / 10 : 0,
    bytes: observed.bytes,
    nonJson: observed.nonJson.length,
    invalid: observed.invalid.length,
    mismatched: observed.mismatched.length,
    oversized: observed.oversized.length,
    maxBytes: limit.bytes,
    maxBytesSource: limit.source,
    durationMs: Date.now() - started,
  });
  const granted: string[] = [];
  let windowMs = 0;
  const skip = (name: string, reason: string): CheckResult => ({
    kind: 'live',
    area: 'live',
    name,
    status: 'skipped',
    message: reason,
    durationMs: 0,
  });
  const skipAllAfter = (from: keyof typeof LIVE_CHECKS, reason: string) => {
    const names = Object.values(LIVE_CHECKS);
    for (const name of names.slice(names.indexOf(LIVE_CHECKS[from]))) results.push(skip(name, reason));
  };

  log(`Listing the caller's panels from ${api}`);
  const listed = await listPanels(contract, responses, api, options.token, timeoutMs, options.signal);
  results.push(listed.result);
  if (listed.result.status !== 'passed') {
    skipAllAfter('signIn', "the caller's panels could not be listed: nothing to subscribe to");
    return { results, stats: stats() };
  }
  const ownTopics = listed.devIds.map((devId) => topics.remember(devId));
  const watched = new Set(ownTopics);

  const connections = new Connections();
  try {
    // The console's connection: its panels' topics, then the window.
    log(`Signing in to ${settings.url} as "${settings.username}"`);
    const signInStarted = Date.now();
    let feed: MqttClient;
    try {
      feed = await connections.connect(settings);
    } catch (error) {
      results.push({
        kind: 'live',
        area: 'live',
        name: LIVE_CHECKS.signIn,
        status: 'failed',
        message: `could not sign in to the broker as the console does (username "${settings.username}", the access token as password): ${
          error instanceof Error ? error.message : String(error)
        }`,
        durationMs: Date.now() - signInStarted,
      });
      skipAllAfter('ownTopics', 'the console could not sign in to the broker');
      return { results, stats: stats() };
    }
    const signInMs = Date.now() - signInStarted;

    // The PUBLISH probe: invalid by the payload schema (an unknown property of the closed root), so a console drops it
    // if a broker lets it through; recognised byte for byte on the feed connection, never counted as the feed's.
    const nonce = randomBytes(9).toString('base64url');
    const probe = Buffer.from(
      JSON.stringify({ conformance_probe: nonce, note: 'a console must never publish; consoles drop this message' }),
    );
    if (validatePayload(JSON.parse(probe.toString()) as unknown))
      throw new Error('the PUBLISH probe passes the payload schema: a console would not drop it');
    let probeDelivered: string | undefined;
    let markDelivered: () => void = () => undefined;
    const delivered = new Promise<void>((resolveDelivered) => (markDelivered = resolveDelivered));
    let counting = false;
    let feedClosedAt: number | undefined;
    feed.on('message', (topic, payload) => {
      if (payload.equals(probe)) {
        probeDelivered ??= topic;
        markDelivered();
        return;
      }
      if (counting) judgeMessage(observed, topics, watched, limit.bytes, topic, payload);
    });
    feed.on('close', () => (feedClosedAt ??= Date.now()));

    const ownStarted = Date.now();
    const refusedOwn: string[] = [];
    let ownProblem: string | undefined;
    // As the console does: its topics in packets of TOPICS_PER_PACKET. The window starts before the first SUBSCRIBE
    // (a broker that keeps each panel's state retained sends it at once).
    counting = true;
    const windowStarted = Date.now();
    for (const packet of chunk(ownTopics, TOPICS_PER_PACKET)) {
      const answer = await subscribeOnce(feed, packet, timeoutMs);
      if (!Array.isArray(answer)) {
        ownProblem =
          answer.kind === 'closed'
            ? 'the broker closed the connection'
            : 'reason' in answer
              ? answer.reason
              : answer.kind;
        break;
      }
      packet.forEach((topic, index) => {
        if ((answer[index] ?? SUBACK_FAILURE) >= SUBACK_FAILURE) refusedOwn.push(topic);
        else granted.push(topic);
      });
    }
    const ownResult: CheckResult =
      ownTopics.length === 0
        ? skip(LIVE_CHECKS.ownTopics, 'the caller has no panels')
        : {
            kind: 'live',
            area: 'live',
            name: LIVE_CHECKS.ownTopics,
            status: ownProblem || refusedOwn.length ? 'failed' : 'passed',
            message: ownProblem
              ? `subscribing to the caller's ${ownTopics.length} panel topics failed: ${ownProblem}`
              : refusedOwn.length
                ? `refused ${refusedOwn.length} of the caller's ${ownTopics.length} panel topics (SUBACK 0x80)`
                : `granted all ${ownTopics.length} panel topics (${template})`,
            ...(refusedOwn.length ? { details: limited(refusedOwn.map((topic) => `refused: ${topic}`)) } : {}),
            durationMs: Date.now() - ownStarted,
          };
    log(`Subscribed to ${granted.length} of ${ownTopics.length} panel topics; watching for ${seconds} s`);

    // The refusals, side by side with the window, each on its own connection.
    const otherPanel = options.otherPanel ?? (listed.devIds.length ? listed.devIds.at(-1)! + 1 : 1);
    const wildcardLevel = template.split('/').some((level) => level === '{dev_id}');
    const probes: { name: string; topic: string; skipped?: string }[] = [
      { name: LIVE_CHECKS.hash, topic: '#' },
      { name: LIVE_CHECKS.plus, topic: '+' },
      {
        name: LIVE_CHECKS.templatePlus,
        topic: template.replace('{dev_id}', '+'),
        ...(wildcardLevel ? {} : { skipped: `{dev_id} is not a whole level of "${template}": + cannot stand for it` }),
      },
      {
        name: LIVE_CHECKS.otherPanel,
        topic: topics.topicOf(otherPanel),
        ...(watched.has(topics.topicOf(otherPanel))
          ? { skipped: `--other-panel ${otherPanel} is on the caller's own list` }
          : {}),
      },
    ];
    // Each probe answers at once; a granted one listens to the window's end and is judged then (by what it delivered).
    const refusals = Promise.all(
      probes.map(async (item): Promise<(judge: DeliveryJudge) => CheckResult> => {
        if (item.skipped) return () => skip(item.name, item.skipped!);
        const probeStarted = Date.now();
        const probe = await probeSubscribe(connections, settings, item.topic);
        const durationMs = Date.now() - probeStarted;
        return (judge) => withOtherPanel(item.name, refusalResult(item.name, item.topic, probe, durationMs, judge));
      }),
    );
    const withOtherPanel = (name: string, result: CheckResult): CheckResult =>
      name === LIVE_CHECKS.otherPanel
        ? {
            ...result,
            details: [
              `dev_id ${otherPanel}${options.otherPanel === undefined ? " (one past the largest dev_id of the caller's list)" : ' (--other-panel)'}`,
              ...(result.details ?? []),
            ],
          }
        : result;

    const connects = connectRefusals({
      url: settings.url,
      username: settings.username,
      token: options.token,
      timeoutMs,
      ...(options.expiredToken !== undefined ? { expiredToken: options.expiredToken } : {}),
      ...(options.revokedToken !== undefined ? { revokedToken: options.revokedToken } : {}),
    });

    const publishTopic = granted[0] ?? ownTopics[0];
    const publishing = (async (): Promise<CheckResult> => {
      if (!publishTopic)
        return skip(LIVE_CHECKS.publish, 'the caller has no panels: no topic of its own to publish to');
      const publishStarted = Date.now();
      let publisher: MqttClient;
      try {
        publisher = await connections.connect(settings);
      } catch (error) {
        return {
          kind: 'live',
          area: 'live',
          name: LIVE_CHECKS.publish,
          status: 'failed',
          message: `could not sign in to try a PUBLISH: ${error instanceof Error ? error.message : String(error)}`,
          durationMs: Date.now() - publishStarted,
        };
      }
      let pubacked = false;
      let closed = false;
      publisher.on('packetreceive', (packet) => {
        if (packet.cmd === 'puback') pubacked = true;
      });
      publisher.on('close', () => (closed = true));
      publisher.publish(publishTopic, probe, { qos: 1, retain: false }, () => undefined);
      // Judged after the bound (or at once on delivery): delivered → accepted, whatever the broker answered.
      await Promise.race([delivered, sleep(probeMs, options.signal)]);
      connections.end(publisher);
      const observerReady = granted.includes(publishTopic) && feedClosedAt === undefined;
      const base = {
        kind: 'live' as const,
        area: 'live',
        name: LIVE_CHECKS.publish,
        durationMs: Date.now() - publishStarted,
      };
      const what = `a PUBLISH (QoS 1, not retained) to the caller's own panel topic "${publishTopic}" with the console's credentials`;
      if (probeDelivered !== undefined)
        return {
          ...base,
          status: 'failed',
          message: `accepted ${what}: a second connection subscribed to the topic received it${pubacked ? ' (and a PUBACK came)' : ''}`,
          details: [`payload: ${probe.toString()}`],
        };
      if (pubacked && !observerReady)
        return {
          ...base,
          status: 'failed',
          message: `accepted ${what}: a PUBACK came, and no subscriber of the topic could show it was dropped`,
        };
      const how = closed
        ? 'the broker closed the connection'
        : pubacked
          ? 'a PUBACK came'
          : 'no PUBACK came, the connection stayed open';
      return {
        ...base,
        status: 'passed',
        message: `refused ${what}: not delivered to a subscriber of the topic within ${probeMs} ms; ${how}`,
        ...(pubacked && !closed
          ? {
              details: [
                'acknowledged but dropped: MQTT 3.1.1 has no refusal code for PUBLISH, some brokers acknowledge and drop',
              ],
            }
          : {}),
      };
    })();

    await sleep(seconds * 1000, options.signal);
    counting = false;
    windowMs = Math.max(0, (feedClosedAt ?? Date.now()) - windowStarted);
    const [refusalJudges, publishResult, connectResults] = await Promise.all([refusals, publishing, connects]);
    const refusalResults = refusalJudges.map((judge) => judge({ own: watched, seconds }));

    const signInResult: CheckResult = {
      kind: 'live',
      area: 'live',
      name: LIVE_CHECKS.signIn,
      status: feedClosedAt === undefined ? 'passed' : 'failed',
      message:
        feedClosedAt === undefined
          ? `signed in as "${settings.username}" with the access token; the connection held for the whole window`
          : `the broker closed the console's connection ${((feedClosedAt - windowStarted) / 1000).toFixed(1)} s into the ${seconds} s window`,
      durationMs: signInMs,
    };
    const figures = stats();
    const summary = figuresLine(figures);
    const payloadResult = (name: string, found: string[], what: string, passed: string): CheckResult => {
      if (granted.length === 0) return skip(name, 'no topic of the caller was granted: no message to judge');
      if (observed.messages === 0)
        return skip(name, `no message arrived in ${figures.seconds} s on ${granted.length} topics: nothing to judge`);
      return {
        kind: 'live',
        area: 'live',
        name,
        status: found.length ? 'failed' : 'passed',
        message: found.length ? `${found.length} of ${observed.messages} messages ${what}` : passed,
        details: [summary, ...limited(found)],
        durationMs: windowMs,
      };
    };
    results.push(
      signInResult,
      ownResult,
      payloadResult(LIVE_CHECKS.json, observed.nonJson, 'are not JSON', `all ${observed.messages} messages are JSON`),
      payloadResult(
        LIVE_CHECKS.schema,
        observed.invalid,
        'break the AsyncAPI payload schema (PanelLiveUpdate)',
        `all ${observed.messages - observed.nonJson.length - observed.oversized.length} JSON messages match the AsyncAPI payload schema`,
      ),
      payloadResult(
        LIVE_CHECKS.devId,
        observed.mismatched,
        "name another panel than the topic's",
        `every message is on a topic of the caller's panels, and every dev_id sent is the topic's panel`,
      ),
      payloadResult(
        LIVE_CHECKS.size,
        observed.oversized,
        `are over ${limit.bytes} bytes`,
        `every message is within ${limit.bytes} bytes`,
      ),
      ...refusalResults,
      publishResult,
      ...connectResults,
    );
    return { results, stats: figures };
  } finally {
    connections.endAll();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The terminal summary

/** The run's figures in one line (the first detail of every payload check, and the summary's second line). */
export const figuresLine = (stats: LiveStats): string =>
  `${stats.messages} messages in ${stats.seconds} s (${stats.messagesPerSecond}/s) on ${stats.subscribed} topics: ${stats.nonJson} not JSON, ${stats.invalid} invalid, ${stats.mismatched} with another panel's dev_id, ${stats.oversized} over ${stats.maxBytes} bytes (${stats.maxBytesSource})`;

export function formatLiveReport({ results, stats }: LiveReport): string {
  const failed = results.filter((result) => result.status === 'failed');
  const skipped = results.filter((result) => result.status === 'skipped');
  const figures = figuresLine(stats);
  const lines = [
    `Live feed of ${stats.broker} against asyncapi/asyncapi.yaml (${(stats.durationMs / 1000).toFixed(1)} s)`,
    `${stats.panels} panels${stats.listedBy ? ` (${stats.listedBy})` : ''} on ${stats.topicTemplate}; ${figuresLine(stats)}`,
    `${results.length} checks: ${results.length - failed.length - skipped.length} passed, ${failed.length} failed, ${skipped.length} skipped`,
    '',
  ];
  for (const result of results) {
    const mark = result.status === 'passed' ? 'ok  ' : result.status === 'failed' ? 'FAIL' : 'skip';
    lines.push(`  ${mark} ${result.name}${result.message ? `: ${result.message}` : ''}`);
    if (result.status === 'failed') {
      // The figures are on the second line already.
      for (const detail of result.details ?? []) if (detail !== figures) lines.push(`         - ${detail}`);
      if (result.exchange) {
        const { request, response } = result.exchange;
        lines.push(`         request: ${request.method} ${request.url}`);
        if (response) lines.push(`         answer: ${response.status} ${cutPayload(response.body)}`);
      }
    }
  }
  lines.push('', failed.length ? 'Result: NOT conforming.' : 'Result: conforming.');
  return lines.join('\n');
}
