/**
 * The session check (kind `session`) against the honest mock: a session signed out is refused on the read and the
 * renewal, an expired token is refused; what it needs and was not given is skipped, saying what to give.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMockToken } from '../mocks/access.ts';
import { checkContext, type CheckResult } from './checks.ts';
import { parseCli } from './cli.ts';
import { signIn, startHonestMock, type HonestMock } from './honest-mock.ts';
import { ENDS_SESSION, runSessions, SESSION_CHECKS } from './sessions.ts';
import { REFRESH_COOKIE_CHECKS } from './refresh-cookie.ts';
import { contract } from './test-support.ts';
import { runConformance } from './runner.ts';

let mock: HonestMock;
let expiredToken: string;

beforeAll(async () => {
  mock = await startHonestMock();
  const claims = JSON.parse(Buffer.from((await signIn(mock.target, 'user')).split('.')[1]!, 'base64url').toString());
  expiredToken = signMockToken({ ...(claims as object), exp: Math.floor(Date.now() / 1000) - 60 });
}, 60_000);
afterAll(() => mock?.stop());

const run = (given: Partial<Parameters<typeof checkContext>[0]> = {}) =>
  runSessions(checkContext({ contract, target: mock.target, token: 'unused', ...given }));
const statuses = (results: CheckResult[]) => Object.fromEntries(results.map((r) => [r.name, r.status]));

describe('the session check against the honest mock', () => {
  it('signs a session of its own out and finds its token refused; refuses the expired token', async () => {
    const results = await run({ allowWrites: true, expiredToken });
    expect(results.map((r) => r.name)).toEqual([
      ...Object.values(SESSION_CHECKS),
      ...Object.values(REFRESH_COOKIE_CHECKS),
    ]);
    expect(results.filter((r) => r.status !== 'passed')).toEqual([]);
    for (const result of results) expect(result.kind).toBe('session');
    // The sign-out is a proposed call: its results are marked so.
    expect(results.filter((r) => r.proposed).map((r) => r.name)).toEqual([
      SESSION_CHECKS.signOut,
      SESSION_CHECKS.signedOutRead,
      SESSION_CHECKS.signedOutRenewal,
      ...Object.values(REFRESH_COOKIE_CHECKS),
    ]);
  });

  it('signs out the session it is given', async () => {
    const session = await signIn(mock.target, 'dealer');
    const results = await run({ allowWrites: true, signOutToken: session });
    expect(statuses(results)[SESSION_CHECKS.signedOutRead]).toBe('passed');
    const read = await fetch(`${mock.target}/user/getuserdetail`, { headers: { authorization: `Bearer ${session}` } });
    expect(read.status).toBe(401);
  });

  it('skips what it was not given or may not do, saying why', async () => {
    const results = await run();
    expect(results.every((r) => r.status === 'skipped')).toBe(true);
    expect(results[0]!.message).toMatch(/--allow-writes/);
    expect(results.at(-4)!.message).toMatch(/--expired-token/);
    expect(results.at(-1)!.message).toMatch(/--allow-writes/);
    // A server the contract's example cannot sign in to: give a session to sign out.
    const refused = await run({ allowWrites: true, signOutToken: 'a.b.c' });
    expect(refused[0]!.message).toMatch(/not accepted to begin with/);
  });

  it('the example replay never signs out the token of the run', async () => {
    const report = await runConformance({
      target: mock.target,
      checks: ['example'],
      only: ['logout', 'getUserDetail'],
      allowWrites: true,
    });
    expect(report.results.map((r) => [r.operationId, r.outcome, r.reason])).toEqual([
      ['logout', 'skipped', ENDS_SESSION],
      ['getUserDetail', 'conforms', undefined],
    ]);
  }, 30_000);

  it('reads its options from the command line', () => {
    const { options } = parseCli([
      '--target',
      'http://x/api',
      '--expired-token',
      expiredToken,
      '--sign-out-token',
      'a.e30.c',
    ]);
    expect(options).toMatchObject({ expiredToken, signOutToken: 'a.e30.c' });
    const live = signMockToken({ Username: 'user', exp: Math.floor(Date.now() / 1000) + 600 });
    expect(() => parseCli(['--target', 'http://x/api', '--expired-token', live])).toThrow(/has not expired yet/);
  });
});
