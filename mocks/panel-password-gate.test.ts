/**
 * The panel password is a barrier on the mock, through its real front and Prism (as the console calls it), with the
 * real panel simulator: the `panel-password` attempt limit read from the contract locks a panel for an account, then
 * for every account, with 429, `Retry-After` and the `Lockout` body (the right password too), also where the server
 * answers from its copy for an offline panel; each wrong password and each lock is an audit entry and a lock is a
 * live notice; the known copy and the zone quick update need the password and the rights; a zone of another panel
 * answers 404; the mock's resets clear the counts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditLogResponse, Lockout } from '@generated/api/types.gen.ts';
import type { PanelLiveUpdate } from '@generated/live/types.ts';
import { MockAccess } from './access.ts';
import { attemptPolicies } from './db/attempt-limits.ts';
import { CONTRACT_FILE, Contract } from './contract.ts';
import { startFront, type RunningFront } from './front.ts';
import { PanelOwners } from './db/panel-owners.ts';
import { freePort } from './ports.ts';
import { startPrism, type RunningPrism } from './prism.ts';
import { PanelSimulator } from './simulator.ts';

const contract = Contract.load(CONTRACT_FILE);
const access = new MockAccess(contract, new PanelOwners(contract));
const published: { topic: string; payload: PanelLiveUpdate; retain?: boolean }[] = [];
const simulator = new PanelSimulator({
  contract,
  publish: (topic, payload, retain) => void published.push({ topic, payload, retain }),
  tickMs: 0,
});
let prism: RunningPrism;
let front: RunningFront;
const MERKEZ = 864215040012345;
const [perAccount, perPanel] = attemptPolicies(contract).get('panel-password')!.limits;

const call = async (username: string, method: string, path: string, body?: object) => {
  const response = await fetch(`${front.url}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${contract.exampleToken(username)}`,
      agent: 'browser',
    },
    body: body && JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
};

/** The password check of panel 1 (command USER), as the console's prompt sends it. */
const check = (username: string, password: string) =>
  call(username, 'POST', '/command/devices/getpanelsettings', {
    dev_id: MERKEZ,
    command: 'USER',
    group: 0,
    member: 0,
    user_pass: password,
    offset: 0,
    list_id: 0,
  });

const known = (username: string, body: Record<string, unknown>) =>
  call(username, 'POST', '/known-settings', { dev_id: MERKEZ, group: 0, member: 1, ...body });

const audit = async (action: string) =>
  ((await call('admin', 'GET', `/audit-log?action=${action}&limit=100`)).body as AuditLogResponse).data;

const expectLocked = (answer: Awaited<ReturnType<typeof call>>) => {
  expect(answer.status).toBe(429);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  const lockout = answer.body as Lockout;
  expect(lockout).toMatchObject({ lockout: true, policy: 'panel-password', retry_after: Number(answer.retryAfter) });
  expect(Date.parse(lockout.locked_until)).toBeGreaterThan(Date.now());
};

beforeAll(async () => {
  prism = await startPrism({ mode: 'mock', contract: CONTRACT_FILE, port: await freePort() });
  front = await startFront({ port: await freePort(), prismUrl: prism.url, contract, access, simulator });
}, 60_000);

afterAll(async () => {
  await front?.stop();
  await prism?.stop();
});

beforeEach(async () => {
  expect((await fetch(`${front.url}/api/__mock/areas/reset`, { method: 'POST' })).status).toBe(200);
  front.settings.clear();
  access.owners.reset();
  await simulator.reset();
  published.length = 0;
});

describe('the panel password attempt limit of the mock', () => {
  it('locks a panel for an account after the stated wrong passwords: 429 with Retry-After, the right one too', async () => {
    for (let attempt = 1; attempt < perAccount!.attempts; attempt++) {
      expect((await check('user', '0000')).body).toMatchObject({ err: 2 });
    }
    // The limit's last wrong password is still the panel's answer; it locks what follows.
    expect((await check('user', '0000')).status).toBe(200);
    expectLocked(await check('user', '1234'));
    expectLocked(
      await call('user', 'POST', '/command/devices/controlpanel', { dev_id: MERKEZ, command: 'ARM', password: '5678' }),
    );
    // Each wrong password and the lock are audit entries with the panel and the account, never the password.
    const failures = await audit('pin_failure');
    expect(failures).toHaveLength(perAccount!.attempts);
    expect(failures[0]).toMatchObject({ user: { id: 3 }, panel: { dev_id: MERKEZ }, operation: 'getPanelSettings' });
    const [lockout] = await audit('pin_lockout');
    expect(lockout?.changes).toEqual(expect.arrayContaining([{ field: 'scope', new: 'account' }]));
    expect(JSON.stringify([...failures, lockout])).not.toContain('0000');
    // The lock reached the panel's live topic, not retained, without who or the password.
    const notices = published.filter((message) => message.payload.security_notice);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ topic: simulator.topic(MERKEZ), retain: false });
    const notice = notices[0]!.payload.security_notice;
    expect(notice).toMatchObject({ kind: 'pin_lockout', scope: 'account', failures: perAccount!.attempts });
    expect(JSON.stringify(notices[0]!.payload)).not.toMatch(/0000|"user|Zeynep/);
    // The mock's reset clears the counts.
    await fetch(`${front.url}/api/__mock/panels/reset`, { method: 'POST' }).catch(() => undefined);
    await fetch(`${front.url}/api/__mock/areas/reset`, { method: 'POST' });
    expect((await check('user', '1234')).body).toMatchObject({ err: 0 });
  });

  it('a right password clears the account count; another account is locked only by the panel-wide limit', async () => {
    // Under the account's limit each time, the right password between: the account is never locked, the panel
    // counts every wrong one.
    let wrong = 0;
    while (wrong < perPanel!.attempts) {
      for (let attempt = 1; attempt < perAccount!.attempts && wrong < perPanel!.attempts; attempt++, wrong++) {
        expect((await check('user', '0000')).status).toBe(200);
      }
      if (wrong < perPanel!.attempts) expect((await check('user', '1234')).body).toMatchObject({ err: 0 });
      if (wrong < perPanel!.attempts) expect((await check('dealer', '1234')).status).toBe(200);
    }
    expectLocked(await check('dealer', '1234'));
    expectLocked(await check('user', '1234'));
    expect((await audit('pin_lockout'))[0]?.changes).toEqual(
      expect.arrayContaining([{ field: 'scope', new: 'panel' }]),
    );
  });

  it('locks one account, not another, before the panel-wide limit', async () => {
    for (let attempt = 0; attempt < perAccount!.attempts; attempt++) await check('user', '0000');
    expectLocked(await check('user', '1234'));
    expect((await check('dealer', '1234')).body).toMatchObject({ err: 0 });
  });

  it('limits the server answering from its copy for an offline panel: the check, the known copy and the queue', async () => {
    await simulator.setConnected(MERKEZ, false);
    for (let attempt = 0; attempt < perAccount!.attempts - 1; attempt++) {
      expect((await check('user', '0000')).body).toMatchObject({ err: 2 });
    }
    expect((await known('user', { user_pass: '0000' })).status).toBe(403);
    expectLocked(await check('user', '1234'));
    expectLocked(await known('user', { user_pass: '1234' }));
    const write = { dev_id: MERKEZ, command: 'SET', group: 0, member: 1, user_pass: '1234', name: 'X' };
    const queued = await fetch(`${front.url}/api/panel-queue`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${contract.exampleToken('user')}`,
        'idempotency-key': 'locked-1',
      },
      body: JSON.stringify({ dev_id: MERKEZ, write, before: { name: 'Salon PIR' } }),
    });
    expect(queued.status).toBe(429);
  });

  it('refuses the known copy without a password, with a wrong one, and a secret record without its rights', async () => {
    expect((await known('user', {})).status).toBe(400);
    expect((await known('user', { user_pass: '0000' })).body).toMatchObject({ message: 'Panel şifresi hatalı' });
    expect((await known('user', { user_pass: '5678' })).status).toBe(200);
    // The Wi-Fi password needs the installer: the master's password is right but not enough (and not counted).
    expect((await known('user', { group: 21, member: 0, user_pass: '5678' })).body).toMatchObject({
      message: 'Bu panel kullanıcısının bu işlem için yetkisi yok',
    });
    expect((await known('user', { group: 21, member: 0, user_pass: '1234' })).status).toBe(200);
    expect((await call('user', 'GET', `/known-settings?dev_id=${MERKEZ}&group=21`)).status).not.toBe(200);
    expect(await audit('pin_failure')).toHaveLength(1);
  });

  it('needs the panel password for a zone quick update and a zone of the panel in the path', async () => {
    const update = (zone: number, body: object) =>
      call('user', 'PUT', `/devices/${MERKEZ}/zone/${zone}`, {
        device_id: MERKEZ,
        zone_id: zone,
        active: false,
        name: 'Garaj',
        ...body,
      });
    expect((await update(106, {})).status).toBe(400);
    expect((await update(106, { password: '0000' })).status).toBe(403);
    // Zone 201 is panel 2's: answered as one that does not exist.
    expect((await update(201, { password: '5678' })).status).toBe(404);
    expect((await update(106, { password: '5678', zone_id: 105 })).status).toBe(400);
    expect((await update(106, { password: '5678' })).body).toMatchObject({ status: 'Success' });
  });
});
