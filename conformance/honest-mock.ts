/**
 * Test helper: the project's own mock stack (Prism on the contract, the mock API front with its access rules and
 * memory, the MQTT broker, the panel simulator) on free loopback ports: the honest server every check must pass
 * with no false alarm. Its accounts for the authorization matrix are the contract's example logins: `user` (A, four
 * panels, the example queue's writes), `olduser` (B, given a panel of its own by `addPanel` first and a write queued
 * for it) and `dealer`.
 */
import { randomUUID } from 'node:crypto';
import { DEVELOPMENT_CONFIG } from '../mocks/console-config.ts';
import { freePort } from '../mocks/ports.ts';
import { startMockStack, type RunningStack } from '../mocks/stack.ts';
import { contract } from './test-support.ts';
import { FIXED_HEADERS, isObject } from './requests.ts';
import type { GivenIdentities } from './identities.ts';

export interface HonestMock {
  stack: RunningStack;
  /** The REST base URL (`…/api`). */
  target: string;
  brokerUrl: string;
  brokerUsername: string;
  stop(): Promise<void>;
}

export async function startHonestMock(): Promise<HonestMock> {
  const stack = await startMockStack({
    ports: { api: await freePort(), prism: await freePort(), broker: await freePort() },
    brokerUsername: DEVELOPMENT_CONFIG.brokerUsername,
    topicTemplate: DEVELOPMENT_CONFIG.liveTopicTemplate,
    tickMs: 0,
    // The example installation's programming queue, which the contract's examples of cancelling and resolving name
    // (as `npm run mock` starts).
    queueExamples: true,
  });
  return {
    stack,
    target: `${stack.apiUrl}/api`,
    brokerUrl: stack.brokerUrl,
    brokerUsername: DEVELOPMENT_CONFIG.brokerUsername,
    stop: () => stack.stop(),
  };
}

/** Signs in as one of the contract's example accounts (any password) and returns the token. */
export async function signIn(target: string, username: string): Promise<string> {
  const response = await fetch(`${target}/logins`, {
    method: 'POST',
    headers: { ...FIXED_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Gizli.Sifre1' }),
  });
  const body = (await response.json()) as unknown;
  const token = isObject(body) && isObject(body.data) ? body.data.token : undefined;
  if (typeof token !== 'string') throw new Error(`sign-in of ${username} answered ${response.status}`);
  return token;
}

/** The new panel of `addPanel`'s contract example: B's own panel on the mock. */
const addPanelExample = (): Record<string, unknown> => {
  const media = (
    contract.byId('addPanel').spec.requestBody as {
      content: Record<string, { examples: Record<string, { value: Record<string, unknown> }> }>;
    }
  ).content['application/json']!;
  return Object.values(media.examples)[0]!.value;
};

/** The test account the password flow resets on the mock: `nosub` (user 5), which no other check signs in as. */
export const MOCK_PASSWORD_ACCOUNT = { id: 5, username: 'nosub' };

/** The account the second factor's probe enrols on the mock: the `dealer` (any password signs it in). */
export const MOCK_SECOND_FACTOR_ACCOUNT = { username: 'dealer', password: 'Gizli.Sifre1' };

/** The accounts of the matrix on the mock: A = `user`, B = `olduser` (after adding a panel and queuing a write), the `dealer`. */
export async function mockIdentities(target: string): Promise<GivenIdentities & { admin: string }> {
  const [admin, a, b, dealer] = await Promise.all(
    ['admin', 'user', 'olduser', 'dealer'].map((name) => signIn(target, name)),
  );
  const added = await fetch(`${target}/command/devices/userdevices/addpanel`, {
    method: 'POST',
    headers: { ...FIXED_HEADERS, 'content-type': 'application/json', authorization: `Bearer ${b}` },
    body: JSON.stringify(addPanelExample()),
  });
  if (!added.ok) throw new Error(`addPanel for olduser answered ${added.status}`);
  // B's own queued write: the contract's queue example, on B's new panel.
  const devId = addPanelExample().dev_id;
  const write = contract.requestExample('queueSettingsWrite', 'zone-name');
  const queued = await fetch(`${target}/panel-queue`, {
    method: 'POST',
    headers: {
      ...FIXED_HEADERS,
      'content-type': 'application/json',
      authorization: `Bearer ${b}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ ...write, dev_id: devId, write: { ...(write.write as object), dev_id: devId } }),
  });
  if (!queued.ok) throw new Error(`queueSettingsWrite for olduser answered ${queued.status}`);
  return { admin: admin!, a: { token: a! }, b: { token: b! }, dealer: { token: dealer! } };
}
