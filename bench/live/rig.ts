/**
 * What bench:live runs against: the mock stack (the API, Prism) on free ports, a broker of its own holding the
 * fleet's topics (the mock's aedes, with the console's and the publisher's accounts), the built console and the
 * probe page served with a config.json naming that broker (the panel list call answering the generated fleet), the
 * publisher process connected, and Chromium. Each is stopped again by the benchmark's clean-up.
 */
import { randomBytes } from 'node:crypto';
import { startBroker, type RunningBroker } from '../../mocks/broker.ts';
import { freePort } from '../../mocks/ports.ts';
import { startMockStack, type RunningStack } from '../../mocks/stack.ts';
import type { ConsoleConfig } from '../../src/lib/config/config.ts';
import { contractToken } from '../../tests/e2e/support.ts';
import { launchChromium } from '../browser-bench.ts';
import { LiveBench } from './live-bench.ts';
import { CONSOLE_USERNAME, FLEET, fleetIds, log, PLAN, TOPIC_TEMPLATE } from './plan.ts';
import { Publisher } from './publisher-process.ts';
import { serveSite } from './serve.ts';

export async function startRig(cleanups: (() => Promise<unknown>)[]): Promise<LiveBench> {
  const [apiPort, prismPort, stackBrokerPort, brokerPort, sitePort] = await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  );
  const stack: RunningStack = await startMockStack({
    ports: { api: apiPort!, prism: prismPort!, broker: stackBrokerPort! },
    brokerUsername: CONSOLE_USERNAME,
    topicTemplate: TOPIC_TEMPLATE,
    tickMs: 0,
  });
  cleanups.push(() => stack.stop());
  const publisherCredential = { username: 'bench-publisher', password: randomBytes(24).toString('base64url') };
  const fleetTopics = fleetIds(Math.max(...PLAN.fleets, FLEET)).map((id) =>
    TOPIC_TEMPLATE.replace('{dev_id}', String(id)),
  );
  const broker: RunningBroker = await startBroker({
    port: brokerPort!,
    consoleUsername: CONSOLE_USERNAME,
    topicsFor: () => fleetTopics,
    services: [publisherCredential],
  });
  cleanups.push(() => broker.stop());
  const config: ConsoleConfig = {
    apiBaseUrl: '/api',
    fileStoreBaseUrl: '/files',
    brokerUrl: broker.url,
    brokerUsername: CONSOLE_USERNAME,
    liveTopicTemplate: TOPIC_TEMPLATE,
  };
  const served = { size: FLEET, loaded: 0 };
  const site = await serveSite({ port: sitePort!, apiUrl: stack.apiUrl, config, fleet: served });
  cleanups.push(() => site.stop());
  const publisher = new Publisher();
  cleanups.push(() => publisher.stop());
  await publisher.call({ type: 'connect', url: broker.url, ...publisherCredential });
  // The benchmark's own signal handler closes the browser with everything else.
  const browser = await launchChromium();
  cleanups.push(() => browser.close());
  log(
    `Console on ${site.url} (mock API ${stack.apiUrl}), broker ${broker.url} (aedes), Chromium ${browser.version()}.`,
  );

  return new LiveBench(browser, site, publisher, contractToken('user'), served);
}
