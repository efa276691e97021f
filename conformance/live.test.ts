/**
 * The live-feed conformance against the honest mock (its broker and panel simulator: every check
 * passes) and against a deliberately wrong broker (wildcards granted, faulty payloads published by a service): each
 * planted fault is reported under its own check, naming the rule, and the checks it did not break still pass.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMockToken, verifyMockToken } from '../mocks/access.ts';
import { startBroker, type RunningBroker } from '../mocks/broker.ts';
import { freePort } from '../mocks/ports.ts';
import { startHonestMock, signIn, type HonestMock } from './honest-mock.ts';
import { main, parseLiveCli } from './live-cli.ts';
import validatePayload from '../generated/live/validate-panel-update.js';
import { LIVE_CHECKS, sizeLimit, type LiveReport } from './live-options.ts';
import { rulesOf } from './live-payloads.ts';
import { formatLiveReport } from './live-report.ts';
import { runLive } from './live.ts';
import { UsageError } from './usage-error.ts';

let mock: HonestMock;
let token: string;
/** A panel of none of `user`'s lists. */
const OTHER_PANEL = 864215049999999;
/** A token of the user whose exp has passed, signed with the mock's secret (a checker cannot sign one for a server). */
let expiredToken: string;
/** A token of a session the user signed out. */
let revokedToken: string;

beforeAll(async () => {
  mock = await startHonestMock();
  token = await signIn(mock.target, 'user');
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as object;
  expiredToken = signMockToken({ ...claims, sid: 'an-expired-session', exp: Math.floor(Date.now() / 1000) - 60 });
  revokedToken = await signIn(mock.target, 'user');
  const signedOut = await fetch(`${mock.target}/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${revokedToken}`, agent: 'browser' },
  });
  expect(signedOut.status).toBe(204);
}, 60_000);
afterAll(() => mock?.stop());

const resultOf = (report: LiveReport, name: string) => {
  const result = report.results.find((r) => r.name === name);
  if (!result) throw new Error(`no result "${name}"`);
  return result;
};

describe('the live feed of the honest mock', () => {
  let report: LiveReport;
  beforeAll(async () => {
    // The mock's simulator makes no changes by itself here (tickMs 0): the test makes them during the window.
    const ticking = setInterval(() => mock.stack.simulator.tick(), 10);
    try {
      report = await runLive({
        broker: mock.brokerUrl,
        username: mock.brokerUsername,
        token,
        api: mock.target,
        seconds: 2,
        probeMs: 800,
        expiredToken,
        revokedToken,
      });
    } finally {
      clearInterval(ticking);
    }
  }, 30_000);

  it('passes every check, one result per check in a stable order', () => {
    expect(report.results.map((r) => r.name)).toEqual(Object.values(LIVE_CHECKS));
    expect(report.results.filter((r) => r.status !== 'passed')).toEqual([]);
    for (const result of report.results) expect(result).toMatchObject({ kind: 'live', area: 'live' });
  });

  it('watches the panels the API lists, and judges the messages they send', () => {
    expect(report.stats).toMatchObject({
      listedBy: 'getUserDevices',
      panels: 4,
      subscribed: 4,
      topicTemplate: 'panels/{dev_id}',
      invalid: 0,
      mismatched: 0,
      oversized: 0,
      nonJson: 0,
      maxBytes: 64 * 1024,
    });
    // Each panel's retained state at once, then the simulator's changes.
    expect(report.stats.messages).toBeGreaterThan(4);
    expect(report.stats.messagesPerSecond).toBeGreaterThan(0);
    expect(resultOf(report, LIVE_CHECKS.schema).details?.[0]).toMatch(/^\d+ messages in [\d.]+ s \([\d.]+\/s\)/);
  });

  it('says how each refusal was seen', () => {
    expect(resultOf(report, LIVE_CHECKS.hash).message).toBe('refused "#": SUBACK 0x80');
    expect(resultOf(report, LIVE_CHECKS.templatePlus).message).toBe('refused "panels/+": SUBACK 0x80');
    expect(resultOf(report, LIVE_CHECKS.publish).message).toMatch(
      /not delivered to a subscriber of the topic within 800 ms; the broker closed the connection$/,
    );
    expect(resultOf(report, LIVE_CHECKS.expired).message).toBe(
      'refused a CONNECT with an expired token: CONNACK 5 (not authorized)',
    );
    expect(resultOf(report, LIVE_CHECKS.wrong).message).toBe(
      'refused a CONNECT with a token whose signature was altered: CONNACK 4 (bad user name or password)',
    );
    expect(resultOf(report, LIVE_CHECKS.none).message).toMatch(
      /^refused a CONNECT with the console username and no password: CONNACK 4/,
    );
    expect(resultOf(report, LIVE_CHECKS.revoked).message).toBe(
      'refused a CONNECT with the token of a signed-out session: CONNACK 5 (not authorized)',
    );
  });

  it('prints a summary that says the feed conforms', () => {
    const text = formatLiveReport(report);
    expect(text).toContain('16 checks: 16 passed, 0 failed, 0 skipped');
    expect(text).toMatch(/Result: conforming\.$/);
  });
});

describe('a wrong broker', () => {
  let broker: RunningBroker;
  let report: LiveReport;
  let devIds: number[];
  const topic = (devId: number) => mock.stack.simulator.topic(devId);

  beforeAll(async () => {
    const service = { username: 'wrong-feed', password: randomBytes(18).toString('base64url') };
    const own = (accessToken: string) => {
      const checked = verifyMockToken(accessToken);
      return 'claims' in checked ? mock.stack.access.watchablePanels(checked.claims) : [];
    };
    // Grants the wildcards besides the user's own topics, and lets in a token whose exp has passed (it checks the
    // signature only); still refuses another panel, a console's PUBLISH and a wrong or missing token.
    broker = await startBroker({
      port: await freePort(),
      consoleUsername: mock.brokerUsername,
      topicsFor: (accessToken) => ['#', '+', 'panels/+', ...own(accessToken).map(topic)],
      verifyToken: (accessToken) => verifyMockToken(accessToken, 0),
      services: [service],
    });
    devIds = own(token).sort((a, b) => a - b);
    expect(devIds).toHaveLength(4);
    const [first, second, third, fourth] = devIds as [number, number, number, number];
    // What the wildcards leak: another user's panel and a service's one-level topic, each with a retained state.
    await broker.publish(topic(OTHER_PANEL), { dev_id: OTHER_PANEL, armed: true });
    await broker.publish('status', { up: true });
    // The faults, retained, so they reach the console's subscriptions at once.
    const publisher = await mqtt.connectAsync(broker.url, { ...service, reconnectPeriod: 0 });
    try {
      const publish = (devId: number, payload: string) =>
        publisher.publishAsync(topic(devId), payload, { qos: 1, retain: true });
      await publish(first, JSON.stringify({ dev_id: first, armed: 'yes' }));
      await publish(second, JSON.stringify({ dev_id: third, armed: true }));
      await publish(third, JSON.stringify({ dev_id: third, status_desc: 'x'.repeat(70_000) }));
      await publish(fourth, '{"dev_id": 1, armed');
    } finally {
      await publisher.endAsync(true);
    }
    report = await runLive({
      broker: broker.url,
      username: mock.brokerUsername,
      token,
      api: mock.target,
      seconds: 1,
      probeMs: 500,
      expiredToken,
    });
  }, 30_000);
  afterAll(() => broker?.stop());

  it('reports the expired token it let in', () => {
    expect(resultOf(report, LIVE_CHECKS.expired)).toMatchObject({
      status: 'failed',
      message:
        'accepted a CONNECT with an expired token: CONNACK 0 (expected a refusal, CONNACK 4 or 5, or a closed connection)',
    });
  });

  it('counts each planted message once', () => {
    expect(report.stats).toMatchObject({ messages: 4, invalid: 1, mismatched: 1, oversized: 1, nonJson: 1 });
  });

  it('reports the invalid payload with the failing rule', () => {
    const schema = resultOf(report, LIVE_CHECKS.schema);
    expect(schema).toMatchObject({
      status: 'failed',
      message: '1 of 4 messages break the AsyncAPI payload schema (PanelLiveUpdate)',
    });
    expect(schema.details?.[1]).toContain(
      `on ${topic(devIds[0]!)}: /armed must match a schema in anyOf (must be boolean, or must be integer, or must be equal to one of the allowed values)`,
    );
  });

  it("reports the dev_id that is not the topic's panel", () => {
    const devId = resultOf(report, LIVE_CHECKS.devId);
    expect(devId.status).toBe('failed');
    expect(devId.details?.[1]).toContain(
      `on ${topic(devIds[1]!)}: dev_id ${devIds[2]} is not the topic's panel ${devIds[1]}`,
    );
  });

  it('reports the oversized message with its size and the limit', () => {
    const size = resultOf(report, LIVE_CHECKS.size);
    expect(size.status).toBe('failed');
    expect(size.details?.[1]).toMatch(new RegExp(`on ${topic(devIds[2]!)}: \\d+ bytes, over the limit of 65536$`));
  });

  it('reports the payload that is not JSON', () => {
    const json = resultOf(report, LIVE_CHECKS.json);
    expect(json.status).toBe('failed');
    expect(json.details?.[1]).toContain(`on ${topic(devIds[3]!)}: not JSON`);
  });

  it('reports every wildcard the broker granted and delivered other topics through, with the topics', () => {
    for (const [name, filter, leaked] of [
      [LIVE_CHECKS.hash, '#', [topic(OTHER_PANEL), 'status']],
      [LIVE_CHECKS.plus, '+', ['status']],
      [LIVE_CHECKS.templatePlus, 'panels/+', [topic(OTHER_PANEL)]],
    ] as const) {
      const result = resultOf(report, name);
      expect(result).toMatchObject({
        status: 'failed',
        message: `accepted a subscription to "${filter}": SUBACK granted QoS 0, and it delivered ${leaked.length} messages of ${leaked.length} topics not the caller's (expected the failure code 0x80, a disconnect, or nothing delivered)`,
      });
      expect([...(result.details ?? [])].sort()).toEqual(leaked.map((t) => `delivered: ${t}`).sort());
    }
  });

  it('still passes what the broker does right', () => {
    for (const name of [
      LIVE_CHECKS.list,
      LIVE_CHECKS.signIn,
      LIVE_CHECKS.ownTopics,
      LIVE_CHECKS.otherPanel,
      LIVE_CHECKS.publish,
      LIVE_CHECKS.wrong,
      LIVE_CHECKS.none,
    ]) {
      expect(resultOf(report, name).status, name).toBe('passed');
    }
    // No revoked token given: that probe is skipped, saying what to give.
    expect(resultOf(report, LIVE_CHECKS.revoked)).toMatchObject({ status: 'skipped', message: /--revoked-token/ });
    expect(formatLiveReport(report)).toMatch(
      /16 checks: 7 passed, 8 failed, 1 skipped[\s\S]*Result: NOT conforming\.$/,
    );
  });
});

describe('a broker that grants every subscription and delivers only what its rules allow', () => {
  let broker: RunningBroker;
  let report: LiveReport;
  beforeAll(async () => {
    const checked = verifyMockToken(token);
    const own = new Set(
      ('claims' in checked ? mock.stack.access.watchablePanels(checked.claims) : []).map((devId) =>
        mock.stack.simulator.topic(devId),
      ),
    );
    // As stock mosquitto with an ACL file: SUBACK grants anything; a message goes only where the rules let it.
    broker = await startBroker({
      port: await freePort(),
      consoleUsername: mock.brokerUsername,
      topicsFor: () => ['#', '+', 'panels/+', mock.stack.simulator.topic(OTHER_PANEL), ...own],
    });
    broker.broker.authorizeForward = (_client, packet) => (own.has(packet.topic) ? packet : null);
    // Traffic the rules keep back: another user's panel and a one-level topic; the caller's own panel too.
    await broker.publish(mock.stack.simulator.topic(OTHER_PANEL), { dev_id: OTHER_PANEL, armed: true });
    await broker.publish('status', { up: true });
    const [first] = [...own];
    await broker.publish(first!, { dev_id: Number(first!.split('/').at(-1)), armed: false });
    report = await runLive({
      broker: broker.url,
      username: mock.brokerUsername,
      token,
      api: mock.target,
      seconds: 1,
      probeMs: 500,
      otherPanel: OTHER_PANEL,
    });
  }, 30_000);
  afterAll(() => broker?.stop());

  it('is judged by what it delivered: nothing of another topic is no leak', () => {
    for (const [name, filter] of [
      [LIVE_CHECKS.hash, '#'],
      [LIVE_CHECKS.plus, '+'],
      [LIVE_CHECKS.templatePlus, 'panels/+'],
      [LIVE_CHECKS.otherPanel, `panels/${OTHER_PANEL}`],
    ] as const) {
      const result = resultOf(report, name);
      expect(result.status, name).toBe('passed');
      expect(result.message).toMatch(
        new RegExp(
          `^granted "${filter.replace('+', '\\+')}" \\(SUBACK QoS 0\\) but delivered nothing of another topic in 1 s \\(\\d+ messages of the caller's own\\): the broker filters what it delivers$`,
        ),
      );
    }
    // The wildcard delivered the caller's own panel's state: the grant was live, and kept to the rules.
    expect(resultOf(report, LIVE_CHECKS.hash).message).toMatch(/\((?!0 )\d+ messages of the caller's own\)/);
  });
});

describe('a broker that lets the console publish', () => {
  let broker: RunningBroker;
  let report: LiveReport;
  beforeAll(async () => {
    // The console's username and this token sign in as a server-side service: it may publish and subscribe to anything.
    broker = await startBroker({
      port: await freePort(),
      consoleUsername: 'nobody',
      topicsFor: () => [],
      services: [{ username: mock.brokerUsername, password: token }],
    });
    // Another user's panel has a state to leak.
    await broker.publish(mock.stack.simulator.topic(OTHER_PANEL), { dev_id: OTHER_PANEL, armed: true });
    report = await runLive({
      broker: broker.url,
      username: mock.brokerUsername,
      token,
      api: mock.target,
      seconds: 0.5,
      probeMs: 2000,
      otherPanel: OTHER_PANEL,
    });
  }, 30_000);
  afterAll(() => broker?.stop());

  it('reports the PUBLISH it delivered, and does not count the probe as the feed', () => {
    const publish = resultOf(report, LIVE_CHECKS.publish);
    expect(publish.status).toBe('failed');
    expect(publish.message).toMatch(
      /^accepted a PUBLISH \(QoS 1, not retained\) to the caller's own panel topic "panels\/\d+" with the console's credentials: a second connection subscribed to the topic received it \(and a PUBACK came\)$/,
    );
    expect(resultOf(report, LIVE_CHECKS.otherPanel)).toMatchObject({
      status: 'failed',
      details: [`dev_id ${OTHER_PANEL} (--other-panel)`, `delivered: panels/${OTHER_PANEL}`],
    });
    expect(report.stats).toMatchObject({ messages: 0, invalid: 0 });
    expect(resultOf(report, LIVE_CHECKS.schema)).toMatchObject({ status: 'skipped' });
  });
});

describe('the rules', () => {
  it("takes the size limit the AsyncAPI document declares, else the console's", () => {
    expect(sizeLimit({ servers: { prod: { bindings: { mqtt: { maximumPacketSize: 4096 } } } } })).toEqual({
      bytes: 4096,
      source: 'AsyncAPI servers.prod.bindings.mqtt.maximumPacketSize',
    });
    expect(sizeLimit().bytes).toBe(64 * 1024);
  });

  it('names the unknown property of a closed object', () => {
    expect(validatePayload({ dev_id: 1, colour: 'red', zones: [{ zone_no: 40 }] })).toBe(false);
    expect(rulesOf(validatePayload.errors ?? [])).toEqual([
      '(root) must NOT have additional properties (colour)',
      '/zones/0/zone_no must be <= 18',
    ]);
  });
});

describe('the command line', () => {
  const required = [
    '--broker',
    'ws://127.0.0.1:1',
    '--username',
    'console',
    '--token',
    't',
    '--api',
    'http://127.0.0.1:1/api',
  ];

  it('reads the options', () => {
    const { options } = parseLiveCli([...required, '--seconds', '2.5', '--max-bytes', '1024', '--other-panel', '7']);
    expect(options).toMatchObject({ seconds: 2.5, maxBytes: 1024, otherPanel: 7, api: 'http://127.0.0.1:1/api' });
    const tokens = parseLiveCli([...required, '--expired-token', expiredToken, '--revoked-token', revokedToken]);
    expect(tokens.options).toMatchObject({ expiredToken, revokedToken });
  });

  it('refuses an --expired-token that has not expired, or is no token', () => {
    expect(() => parseLiveCli([...required, '--expired-token', token])).toThrow(/has not expired yet/);
    expect(() => parseLiveCli([...required, '--expired-token', 'not-a-jwt'])).toThrow(/must be a JWT/);
  });

  it.each([
    [['--broker', 'ws://x'], /--username is required/],
    [[...required, '--seconds', '0'], /--seconds must be a positive number/],
    [[...required, '--max-bytes', '1.5'], /--max-bytes must be a positive whole number/],
    [[...required, '--topic-template', 'panels/all'], /must contain \{dev_id\}/],
    [[...required, '--topic-template', 'panels/#/{dev_id}'], /must not contain a wildcard/],
    [['--broker', 'http://x', ...required.slice(2)], /--broker must use ws, wss, mqtt or mqtts/],
    [[...required.slice(0, 6), '--api', 'ftp://x'], /--api must use http or https/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseLiveCli(argv)).toThrow(UsageError);
    expect(() => parseLiveCli(argv)).toThrow(message);
  });

  it('answers a usage error with exit code 2', async () => {
    const write = process.stderr.write;
    process.stderr.write = () => true;
    try {
      expect(await main(['--seconds', 'x'])).toBe(2);
    } finally {
      process.stderr.write = write;
    }
  });

  it('writes the JUnit and HTML reports of its checks', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'live-cli-'));
    const write = process.stdout.write;
    const writeErr = process.stderr.write;
    process.stdout.write = () => true;
    process.stderr.write = () => true;
    try {
      const [junit, html] = [path.join(dir, 'live.xml'), path.join(dir, 'live.html')];
      const code = await main([
        '--broker',
        mock.brokerUrl,
        '--username',
        mock.brokerUsername,
        '--token',
        token,
        '--api',
        mock.target,
        '--seconds',
        '1',
        '--junit',
        junit,
        '--html',
        html,
      ]);
      expect(code).toBe(0);
      const xml = readFileSync(junit, 'utf8');
      expect(xml).toMatch(new RegExp(`<testsuites [^>]*tests="${Object.keys(LIVE_CHECKS).length}" failures="0"`));
      expect(xml).toContain('<testsuite name="live: live"');
      expect(readFileSync(html, 'utf8')).toContain('Every check passed.');
    } finally {
      process.stdout.write = write;
      process.stderr.write = writeErr;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
