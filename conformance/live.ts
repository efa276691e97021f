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
import type { MqttClient } from 'mqtt';
import { DEFAULT_TOPIC_TEMPLATE } from '../generated/live/types.ts';
import { CONTRACT_FILE, Contract } from '../mocks/contract.ts';
import { PanelTopics } from '../src/lib/live/panel-topics.ts';
import { type CheckResult } from './checks.ts';
import { ResponseChecker } from './response-checker.ts';
import { Connections, feedHeld, sleep, subscribeOwn, type BrokerSettings } from './live-broker.ts';
import { connectRefusals } from './live-connect.ts';
import {
  LIVE_CHECKS,
  checkTopicTemplate,
  liveSkipped,
  parseBrokerUrl,
  sizeLimit,
  type LiveOptions,
  type LiveReport,
  type LiveStats,
} from './live-options.ts';
import { listPanels } from './live-panels.ts';
import { judgeMessage, observedFigures, payloadResults, type Observed } from './live-payloads.ts';
import { refusalProbes } from './live-probes.ts';
import { publishPayload, publishProbe } from './live-publish.ts';
import { figuresLine } from './live-report.ts';

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
    ...observedFigures(observed, windowMs),
    maxBytes: limit.bytes,
    maxBytesSource: limit.source,
    durationMs: Date.now() - started,
  });
  const granted: string[] = [];
  let windowMs = 0;
  const skipAllAfter = (from: keyof typeof LIVE_CHECKS, reason: string) => {
    const names = Object.values(LIVE_CHECKS);
    for (const name of names.slice(names.indexOf(LIVE_CHECKS[from]))) results.push(liveSkipped(name, reason));
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

    // The PUBLISH probe is recognised byte for byte on the feed connection, never counted as the feed's.
    const probe = publishPayload();
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

    // As the console does: its topics in packets of TOPICS_PER_PACKET. The window starts before the first SUBSCRIBE
    // (a broker that keeps each panel's state retained sends it at once).
    counting = true;
    const windowStarted = Date.now();
    const ownResult = await subscribeOwn(feed, ownTopics, granted, template, timeoutMs);
    log(`Subscribed to ${granted.length} of ${ownTopics.length} panel topics; watching for ${seconds} s`);

    // The refusals, side by side with the window, each on its own connection.
    const refusals = refusalProbes({
      connections,
      settings,
      template,
      topics,
      watched,
      devIds: listed.devIds,
      otherPanel: options.otherPanel,
    });

    const connects = connectRefusals({
      url: settings.url,
      username: settings.username,
      token: options.token,
      timeoutMs,
      ...(options.expiredToken !== undefined ? { expiredToken: options.expiredToken } : {}),
      ...(options.revokedToken !== undefined ? { revokedToken: options.revokedToken } : {}),
    });

    const publishing = publishProbe({
      connections,
      settings,
      topic: granted[0] ?? ownTopics[0],
      probe,
      delivered,
      deliveredTo: () => probeDelivered,
      observerReady: (topic) => granted.includes(topic) && feedClosedAt === undefined,
      probeMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });

    await sleep(seconds * 1000, options.signal);
    counting = false;
    windowMs = Math.max(0, (feedClosedAt ?? Date.now()) - windowStarted);
    const [refusalJudges, publishResult, connectResults] = await Promise.all([refusals, publishing, connects]);
    const refusalResults = refusalJudges.map((judge) => judge({ own: watched, seconds }));

    const signInResult = feedHeld(
      settings.username,
      { closedAt: feedClosedAt, started: windowStarted, seconds },
      signInMs,
    );
    const figures = stats();
    const summary = figuresLine(figures);
    results.push(
      signInResult,
      ownResult,
      ...payloadResults(observed, {
        granted: granted.length,
        seconds: figures.seconds,
        windowMs,
        maxBytes: limit.bytes,
        summary,
      }),
      ...refusalResults,
      publishResult,
      ...connectResults,
    );
    return { results, stats: figures };
  } finally {
    connections.endAll();
  }
}
