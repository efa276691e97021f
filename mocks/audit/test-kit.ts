/**
 * What the audit log's tests share: the mock's real front and Prism (as the console calls them) over a fake simulator,
 * started once per test file and reset before each test, and calls to it by an example account.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { AuditLogResponse } from '@generated/api/types.gen.ts';
import { MockAccess } from '../access.ts';
import { CONTRACT_FILE, Contract } from '../contract.ts';
import { callFront } from '../front-call.ts';
import { startFront, type RunningFront } from '../front.ts';
import { PanelOwners } from '../db/panel-owners.ts';
import { freePort } from '../ports.ts';
import { startPrism, type RunningPrism } from '../prism.ts';

export const contract = Contract.load(CONTRACT_FILE);
export const access = new MockAccess(contract, new PanelOwners(contract));
/** The running front (and Prism behind it), once `auditFrontUnderTest` started them. */
export const stack = {} as { prism: RunningPrism; front: RunningFront };
/** The panels the fake simulator says are connected (panel 3 of the examples is not). */
export const DISCONNECTED = 864215040034567;
export const MERKEZ = 864215040012345;
export const MAGAZA = 864215040045678;

/** The contract's sign-in token of an example account. */
const tokenOf = (username: string): string => contract.exampleToken(username);

export const call = (username: string, method: string, path: string, body?: object, headers?: Record<string, string>) =>
  callFront(stack.front.url, tokenOf(username), method, path, body, headers);

export const auditLog = async (username: string, query = '') => {
  const answer = await call(username, 'GET', `/audit-log${query}`);
  expect(answer.status).toBe(200);
  return answer.body as unknown as AuditLogResponse;
};

/**
 * The zone 1 write of panel 1 (group 0) as the settings form sends it: the envelope, the record as the panel holds it
 * (the mock's settings store: what was written, else the contract's read example), the fields given changed.
 */
export const zoneWrite = (fields: object) => ({
  dev_id: MERKEZ,
  command: 'SET',
  group: 0,
  member: 1,
  user_pass: '1234',
  offset: 0,
  list_id: 0,
  ...stack.front.settings.current(MERKEZ, 0, 1),
  ...fields,
});

/** Starts the front and Prism for the calling test file, and puts the mock back as the examples have it each test. */
export function auditFrontUnderTest(): void {
  beforeAll(async () => {
    stack.prism = await startPrism({ mode: 'mock', contract: CONTRACT_FILE, port: await freePort() });
    stack.front = await startFront({
      port: await freePort(),
      prismUrl: stack.prism.url,
      contract,
      access,
      simulator: {
        isConnected: (devId) => devId !== DISCONNECTED,
        isPanelPassword: (_devId, password) => password === '1234' || password === '5678',
        handleCommand: () => undefined,
      },
    });
  }, 60_000);

  afterAll(async () => {
    await stack.front?.stop();
    await stack.prism?.stop();
  });

  beforeEach(async () => {
    expect((await fetch(`${stack.front.url}/api/__mock/areas/reset`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${stack.front.url}/api/__mock/orders/reset`, { method: 'POST' })).status).toBe(200);
    // The panels' programming and links back as the examples have them (the panels reset, without a broker here).
    stack.front.settings.clear();
    access.owners.reset();
  });
}
