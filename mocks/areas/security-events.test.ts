/**
 * The security events of the audit log through the mock's real front and Prism: sign-ins and failures (never the
 * password; an unknown name recorded without an account), password changes, lockouts and 403 refusals on panel
 * calls, each with the client address; who may read them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLogResponse } from '@generated/api/types.gen.ts';
import { attemptPolicies } from '../db/attempt-limits.ts';
import { CONTRACT_FILE, Contract } from '../contract.ts';
import { callFront } from '../front-call.ts';
import type { RunningFront } from '../front.ts';
import { startTestFront } from '../test-front.ts';

const contract = Contract.load(CONTRACT_FILE);
const CLIENT = '192.0.2.44';
let front: RunningFront;

const call = (username: string, method: string, path: string, body?: object) =>
  callFront(front.url, contract.exampleToken(username), method, path, body, { 'x-forwarded-for': CLIENT });
const signIn = (username: string, password: string) =>
  fetch(`${front.url}/api/logins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': CLIENT },
    body: JSON.stringify({ username, password }),
  }).then((response) => response.status);
const audit = async (username: string, query = ''): Promise<AuditEntry[]> =>
  ((await call(username, 'GET', `/audit-log?limit=100${query}`)).body as unknown as AuditLogResponse).data;

beforeAll(async () => {
  front = await startTestFront(contract);
}, 60_000);

afterAll(async () => {
  await front?.stop();
});

beforeEach(async () => {
  expect((await fetch(`${front.url}/api/__mock/areas/reset`, { method: 'POST' })).status).toBe(200);
});

describe('security events in the audit log', () => {
  it('records a sign-in and a failure, with the account or the name given, never the password', async () => {
    expect(await signIn('user', 'Right.Secret1')).toBe(200);
    expect(await signIn('intruder', 'Guess.123')).toBe(401);
    const [failure, success] = await audit('admin');
    expect(success).toMatchObject({
      action: 'sign_in',
      user: { id: 3, name: 'Zeynep Kaya', user_type: 0 },
      account_name: 'user',
      client: CLIENT,
      operation: 'login',
    });
    expect(failure).toMatchObject({ action: 'sign_in_failure', user: null, account_name: 'intruder', client: CLIENT });
    expect(JSON.stringify([success, failure])).not.toMatch(/Right\.Secret1|Guess\.123/);
    // The filter finds each; nothing was created for the unknown name.
    expect((await audit('admin', '&action=sign_in_failure')).map((entry) => entry.id)).toEqual([failure!.id]);
    expect((await call('admin', 'GET', '/user/getuserlist?search=intruder')).body).toMatchObject({
      list_info: { total_count: 0 },
    });
  });

  it('records a password change by its owner and an administrator’s reset, on the account', async () => {
    const changed = await call('user', 'POST', '/user/changepass', {
      old: 'Gizli.Sifre1',
      new: 'Yeni.Sifre42',
      new_retry: 'Yeni.Sifre42',
    });
    expect(changed.status).toBe(200);
    expect((await call('admin', 'PUT', '/user/changepasstodefault', { user_id: 4, state: 1 })).status).toBe(200);
    const entries = await audit('admin', '&action=password_change');
    expect(entries.map((entry) => [entry.user?.id, entry.object?.id, entry.operation, entry.client])).toEqual([
      [1, 4, 'changePassToDefault', CLIENT],
      [3, 3, 'changePassword', CLIENT],
    ]);
  });

  it('records each lockout once, with its policy, and shows an account’s to its dealer only', async () => {
    const { attempts } = attemptPolicies(contract)
      .get('sign-in')!
      .limits.find((limit) => limit.per === 'account')!;
    // The mock signs in by the examples' user names: an e-mail address fails, and counts for its account.
    for (let i = 0; i <= attempts; i++) await signIn('user@example.com', `wrong-${i}`);
    for (let i = 0; i <= attempts; i++) await signIn('ghost', `wrong-${i}`);
    const [ghost, account] = await audit('admin', '&action=lockout');
    expect(account).toMatchObject({ user: { id: 3 }, account_name: 'user@example.com', client: CLIENT });
    expect(ghost).toMatchObject({ user: null, account_name: 'ghost', operation: 'login', client: CLIENT });
    expect(ghost!.changes.map((change) => [change.field, change.new])).toEqual([
      ['policy', 'sign-in'],
      ['per', 'account'],
      ['locked_until', expect.any(String)],
    ]);
    // The account's lockout reaches its dealer; an unknown name's is the administrator's alone.
    expect((await audit('dealer', '&action=lockout')).map((entry) => entry.id)).toEqual([account!.id]);
  });

  it('records a 403 refusal of a panel call, on the panel, seen by the panel’s dealer', async () => {
    // An end user below the level of a dealer's panel call, on the user's own panel (the dealer's too).
    const refused = await call('user', 'GET', '/command/devices/userlistofdevice/0/864215040012345');
    expect(refused.status).toBe(403);
    const [entry] = await audit('admin', '&action=access_denied');
    expect(entry).toMatchObject({
      user: { id: 3 },
      operation: 'getPanelUserList',
      client: CLIENT,
      panel: { dev_id: 864215040012345 },
    });
    expect((await audit('dealer', '&action=access_denied')).map((found) => found.id)).toEqual([entry!.id]);
    // A 404 (a panel out of reach) is not a 403 refusal.
    expect((await call('nosub', 'GET', '/command/devices/864215040012345/zones')).status).toBe(404);
    expect(await audit('admin', '&action=access_denied')).toHaveLength(1);
  });
});
