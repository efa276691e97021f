/**
 * The attempt limits of the calls made before sign-in, through the mock's real front and Prism: each limit the
 * contract states (read from it, never repeated here) locks once passed, with 429, `Retry-After` and the `Lockout`
 * body; a known and an unknown account get the same answer. Each test is its own client: the front trusts
 * `X-Forwarded-For` from loopback, as from the stack's own proxy.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { bodyInLanguage } from '../answer-language.ts';
import { attemptPolicies, type AttemptLimit } from '../db/attempt-limits.ts';
import { CONTRACT_FILE, Contract } from '../contract.ts';
import { frontForEachTest } from '../test-front.ts';

const contract = Contract.load(CONTRACT_FILE);
const front = frontForEachTest(contract);
const policies = attemptPolicies(contract);
const limit = (policy: string, per: AttemptLimit['per']): AttemptLimit =>
  policies.get(policy)!.limits.find((found) => found.per === per)!;
const codeOf = (operationId: string) => String(contract.requestExample(operationId, 'code').code);

let clients = 0;
/** A new client address for each test (`X-Forwarded-For` from loopback). */
let client = '';

const post = async (path: string, body: object, from = client) => {
  const response = await fetch(`${front.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', agent: 'browser', language: 'en', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
};
const signIn = (username: string, from?: string) => post('/logins', { username, password: 'wrong-password' }, from);

/** Sends `times` calls; every answer must be `status`. */
const expectEach = async (times: number, status: number, send: (i: number) => ReturnType<typeof post>) => {
  for (let i = 0; i < times; i++) expect((await send(i)).status).toBe(status);
};

const expectLockout = (answer: Awaited<ReturnType<typeof post>>, policy: string, lockMinutes: number) => {
  expect(answer.status).toBe(429);
  const seconds = Number(answer.retryAfter);
  expect(seconds).toBeGreaterThan((lockMinutes - 1) * 60);
  expect(seconds).toBeLessThanOrEqual(lockMinutes * 60);
  expect(answer.body).toMatchObject({ lockout: true, policy, retry_after: seconds, status: 'Error' });
  expect(Date.parse(String(answer.body.locked_until))).toBeGreaterThan(Date.now());
  expect(answer.body.message).toMatch(/Too many attempts/);
};

beforeEach(() => {
  client = `198.51.100.${++clients}`;
});

describe('sign-in', () => {
  it('locks an account, known or not, after its wrong attempts, and not another account', async () => {
    const { attempts, lockMinutes } = limit('sign-in', 'account');
    await expectEach(attempts, 401, () => signIn('Ghost '));
    // The same name in other letter case is the same account.
    expectLockout(await signIn('ghost'), 'sign-in', lockMinutes);
    expect((await signIn('ghost2')).status).toBe(401);
    // A locked sign-in is refused even with what would be accepted.
    await expectEach(attempts, 401, () => signIn('someone'));
    expect((await post('/logins', { username: 'someone', password: 'x' })).status).toBe(429);
  });

  it('locks a client after its wrong attempts across accounts, and not another client', async () => {
    const { attempts, lockMinutes } = limit('sign-in', 'client');
    await expectEach(attempts, 401, (i) => signIn(`guess-${i}`));
    expectLockout(await signIn('admin'), 'sign-in', lockMinutes);
    expect((await signIn('admin', '203.0.113.9')).status).toBe(200);
  });

  it('answers a wrong sign-in the same for an unknown user name as the contract says for a wrong password', async () => {
    const unknown = await signIn('nobody-has-this-name');
    const documented = contract.responseExamples(contract.byId('login')).get('invalid-credentials')!;
    // In the caller's language (these calls ask for English: mocks/answer-language.ts).
    expect([String(unknown.status), unknown.body]).toEqual([
      documented.status,
      bodyInLanguage('en', documented.example.value),
    ]);
  });

  it('does not count a request refused as invalid', async () => {
    const { attempts } = limit('sign-in', 'account');
    await expectEach(attempts + 2, 400, () => post('/logins', { username: 'ghost' }));
    expect((await signIn('ghost')).status).toBe(401);
  });
});

describe('the account messages (verification, forgotten password, login-info reset)', () => {
  it('answers a known and an unknown account the same', async () => {
    for (const path of ['/forget-password', '/reset-phone-uid']) {
      const known = await post(path, { info: 'user' }, `${client}1`);
      const unknown = await post(path, { info: 'nobody@example.com' }, `${client}2`);
      expect(known.status).toBe(200);
      expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    }
  });

  it('counts a known account once, whichever of its names is given, across the calls', async () => {
    const { attempts, lockMinutes } = limit('account-message', 'account');
    const names = ['user', 'USER@example.com', '905321110003', 'user'];
    const paths = ['/forget-password', '/reset-phone-uid', '/forget-password'];
    await expectEach(attempts, 200, (i) => post(paths[i % paths.length]!, { info: names[i % names.length] }));
    expectLockout(await post('/reset-phone-uid', { info: 'user@example.com' }), 'account-message', lockMinutes);
    expectLockout(
      await post('/send-verification', { Username: 'user', Password: 'x' }, '203.0.113.7'),
      'account-message',
      lockMinutes,
    );
    expect((await post('/forget-password', { info: 'dealer' })).status).toBe(200);
  });

  it('locks a client after its requests across accounts', async () => {
    const { attempts, lockMinutes } = limit('account-message', 'client');
    await expectEach(attempts, 200, (i) => post('/forget-password', { info: `nobody-${i}@example.com` }));
    expectLockout(await post('/reset-phone-uid', { info: 'someone-else' }), 'account-message', lockMinutes);
  });
});

describe('a code alone (verifying an account, confirming a login-info reset)', () => {
  it('locks a client after its wrong codes, the right code then too', async () => {
    const { attempts, lockMinutes } = limit('account-code', 'client');
    expect((await post('/verify-reset-uid', { code: codeOf('verifyResetUid') })).status).toBe(200);
    await expectEach(attempts, 400, (i) => post('/verify-reset-uid', { code: `99999${i}` }));
    expectLockout(
      await post('/accept-verification', { code: codeOf('acceptVerification') }),
      'account-code',
      lockMinutes,
    );
    expect((await post('/verify-reset-uid', { code: codeOf('verifyResetUid') }, '203.0.113.8')).status).toBe(200);
  });

  it('forgets every count and lock on the mock’s reset and on the limits’ own', async () => {
    const { attempts } = limit('account-code', 'client');
    await expectEach(attempts, 400, () => post('/accept-verification', { code: '000000' }));
    expect((await post('/accept-verification', { code: '000000' })).status).toBe(429);
    expect((await fetch(`${front.url}/api/__mock/areas/reset`, { method: 'POST' })).status).toBe(200);
    expect((await post('/accept-verification', { code: codeOf('acceptVerification') })).status).toBe(200);
    // The limits' own reset, alone.
    await expectEach(attempts, 400, () => post('/accept-verification', { code: '000000' }));
    expect((await post('/accept-verification', { code: '000000' })).status).toBe(429);
    const reset = await fetch(`${front.url}/api/__mock/limits/reset`, { method: 'POST' });
    expect(await reset.json()).toEqual({ limits: 'reset' });
    expect((await post('/accept-verification', { code: codeOf('acceptVerification') })).status).toBe(200);
  });
});
