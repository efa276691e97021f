/**
 * The live check against a real, independent broker: Debian's mosquitto with an ACL file. Stock mosquitto grants
 * every subscription (SUBACK QoS 0, `#` included) and delivers only what the ACL lets the user read, so the check
 * judges a granted subscription by what it delivered: with the console's account reading its own panels only, no
 * subscription delivers another user's panel and the broker conforms; with the account reading every panel
 * (`panels/#`), `#`, `panels/+` and the other user's panel deliver that panel's messages, and each is reported as
 * the leak it is. Skipped when mosquitto is not installed (CI installs it).
 */
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyMockToken } from '../mocks/access.ts';
import { freePort } from '../mocks/ports.ts';
import { findMosquitto, mosquitto, type RunningMosquitto } from '../tests/live/mosquitto.ts';
import { signIn, startHonestMock, type HonestMock } from './honest-mock.ts';
import { LIVE_CHECKS, type LiveReport } from './live-options.ts';
import { runLive } from './live.ts';

const binary = findMosquitto();
/** A panel of none of `user`'s lists, on which the panels' side publishes during the window. */
const OTHER_PANEL = 864215049999999;

let mock: HonestMock;
let token: string;
let own: string[];

beforeAll(async () => {
  if (!binary) return;
  mock = await startHonestMock();
  token = await signIn(mock.target, 'user');
  const checked = verifyMockToken(token);
  own = ('claims' in checked ? mock.stack.access.watchablePanels(checked.claims) : []).map((devId) =>
    mock.stack.simulator.topic(devId),
  );
}, 60_000);
afterAll(() => mock?.stop());

/** One run of the live check against mosquitto whose ACL lets the console read `reads`, with traffic on both sides. */
async function runAgainst(reads: string[]): Promise<LiveReport> {
  const broker: RunningMosquitto = mosquitto(
    binary!,
    { websocket: await freePort(), plain: await freePort() },
    { console: { username: mock.brokerUsername, password: token }, consoleReads: reads },
  );
  await broker.start();
  const publisher = await mqtt.connectAsync(broker.url, { ...broker.publisher, reconnectPeriod: 0 });
  // The panels' side: the other user's panel and one of the caller's change all through the window.
  const publishing = setInterval(() => {
    void publisher.publishAsync(mock.stack.simulator.topic(OTHER_PANEL), JSON.stringify({ dev_id: OTHER_PANEL }));
    void publisher.publishAsync(own[0]!, JSON.stringify({ dev_id: Number(own[0]!.split('/').at(-1)) }));
  }, 50);
  try {
    return await runLive({
      broker: broker.url,
      username: mock.brokerUsername,
      token,
      api: mock.target,
      seconds: 1,
      probeMs: 500,
      otherPanel: OTHER_PANEL,
    });
  } finally {
    clearInterval(publishing);
    await publisher.endAsync(true);
    await broker.dispose();
  }
}

const resultOf = (report: LiveReport, name: string) => report.results.find((result) => result.name === name)!;

describe.skipIf(!binary)('the live check against mosquitto with an ACL file', () => {
  it("passes a broker that grants every subscription but delivers only the caller's own panels", async () => {
    const report = await runAgainst(own);
    expect(report.results.filter((result) => result.status === 'failed')).toEqual([]);
    for (const name of [LIVE_CHECKS.hash, LIVE_CHECKS.plus, LIVE_CHECKS.templatePlus, LIVE_CHECKS.otherPanel]) {
      expect(resultOf(report, name).message, name).toMatch(/^granted ".+" \(SUBACK QoS 0\) but delivered nothing/);
    }
    // The grant of `#` was live: it delivered the caller's own panel, as the ACL allows.
    expect(resultOf(report, LIVE_CHECKS.hash).message).toMatch(/\((?!0 )\d+ messages of the caller's own\)/);
    expect(report.stats.messages).toBeGreaterThan(0);
  }, 60_000);

  it("reports each subscription that delivered another user's panel when the ACL lets the console read them all", async () => {
    const report = await runAgainst(['panels/#']);
    const failed = report.results.filter((result) => result.status === 'failed');
    expect(failed.map((result) => result.name)).toEqual([
      LIVE_CHECKS.hash,
      LIVE_CHECKS.templatePlus,
      LIVE_CHECKS.otherPanel,
    ]);
    for (const result of failed) {
      expect(result.message).toMatch(
        /SUBACK granted QoS 0, and it delivered \d+ messages of 1 topics not the caller's/,
      );
      expect(result.details).toContain(`delivered: ${mock.stack.simulator.topic(OTHER_PANEL)}`);
    }
    // `+` matches no panel topic (two levels): nothing to leak through it.
    expect(resultOf(report, LIVE_CHECKS.plus).status).toBe('passed');
  }, 60_000);
});
