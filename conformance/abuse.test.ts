/**
 * The abuse check against the honest mock: every limit the contract states locks when passed, per account on a name
 * made for the run and per client when asked (`--abuse-client`), and the calls answer a known and an unknown account
 * alike; nothing fails. Without `--allow-writes` only the sign-in is sent; without `--abuse-client` no client limit is.
 * With `--abuse-account` the mock is shown for what it is: its example accounts take any password.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHonestMock, type HonestMock } from './honest-mock.ts';
import { runConformance } from './runner.ts';

let mock: HonestMock;

beforeAll(async () => {
  mock = await startHonestMock();
}, 60_000);

afterAll(async () => {
  await mock?.stop();
});

beforeEach(async () => {
  expect((await fetch(`${mock.target}/__mock/areas/reset`, { method: 'POST' })).status).toBe(200);
});

const named = (checks: { name: string; status: string }[]) => checks.map((c) => `${c.status} ${c.name}`);

describe('the abuse check against the honest mock', () => {
  it('passes every limit and the same answers, the client limits included when asked', async () => {
    const report = await runConformance({
      target: mock.target,
      checks: ['abuse'],
      allowWrites: true,
      abuseClient: true,
    });
    expect(report.checks.filter((c) => c.status === 'failed')).toEqual([]);
    expect(named(report.checks)).toEqual([
      'passed login: locks an account (a name made for the run)',
      'passed login: an unknown account answered as a known one',
      'passed sendVerification: locks an account (a name made for the run)',
      'passed sendVerification: an unknown account answered as a known one',
      'passed forgetPassword: locks an account (a name made for the run)',
      'passed forgetPassword: an unknown account answered as a known one',
      'passed resetPhoneUid: locks an account (a name made for the run)',
      'passed resetPhoneUid: an unknown account answered as a known one',
      'passed login: locks a client (--abuse-client)',
      'passed acceptVerification: locks a client (--abuse-client)',
      'passed sendVerification: locks a client (--abuse-client)',
      'passed forgetPassword: locks a client (--abuse-client)',
      'passed verifyResetUid: locks a client (--abuse-client)',
      'passed resetPhoneUid: locks a client (--abuse-client)',
    ]);
    expect(report.ok).toBe(true);
  }, 60_000);

  it('with --abuse-account sends wrong passwords for that account: the mock, taking any password, is told so', async () => {
    const report = await runConformance({ target: mock.target, checks: ['abuse'], abuseAccount: 'user' });
    const found = (name: string) => report.checks.find((c) => c.name === name);
    // The example accounts have no password to be wrong: a real server answers these 401, then 429.
    expect(found('login: an unknown account answered as a known one')).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/answered 401 for an unknown account and 200 for a wrong password for a known/),
    });
    expect(found('login: locks the named account (--abuse-account user)')).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^attempt 1 was accepted \(200\)/),
    });
    expect(found('forgetPassword: locks the named account (--abuse-account user)')).toBeUndefined();
  }, 60_000);

  it('sends only the sign-in without --allow-writes, and no client limit without --abuse-client', async () => {
    const report = await runConformance({ target: mock.target, checks: ['abuse'] });
    const byStatus = (status: string) => report.checks.filter((c) => c.status === status).map((c) => c.name);
    expect(byStatus('passed')).toEqual([
      'login: locks an account (a name made for the run)',
      'login: an unknown account answered as a known one',
    ]);
    expect(byStatus('failed')).toEqual([]);
    expect(report.checks.find((c) => c.name === 'login: locks a client (--abuse-client)')?.message).toMatch(
      /only with --abuse-client/,
    );
  }, 60_000);
});
