/**
 * The second factor's probe (second-factor.ts, kind `second-factor`) passes against the honest mock, and catches each
 * planted fault (second-factor-faults.ts) under its own step: a spent recovery code taken again, any code taken, no
 * attempt limit, a token before the second factor, an end user enrolling. Without the account it skips, saying how.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseCli } from './cli.ts';
import { checkContext, type CheckResult, type Identities } from './checks.ts';
import { MOCK_SECOND_FACTOR_ACCOUNT, mockIdentities, startHonestMock, type HonestMock } from './honest-mock.ts';
import { resolveIdentities } from './identities.ts';
import { Authenticator, secondFactorNumbers } from './second-factor-kit.ts';
import { END_USER_CHECK, runSecondFactor } from './second-factor.ts';
import { secondFactorFaults } from './second-factor-faults.ts';
import { contract } from './test-support.ts';
import { startWrongFront, type Fault } from './wrong-front.ts';

let mock: HonestMock;
let admin: string;
let identities: Identities;

const run = (target: string, account = true) =>
  runSecondFactor(
    checkContext({
      contract,
      target,
      token: admin,
      identities,
      allowWrites: true,
      ...(account ? { secondFactorAccount: MOCK_SECOND_FACTOR_ACCOUNT } : {}),
    }),
  );
const named = (results: CheckResult[], status: CheckResult['status']) =>
  results.filter((r) => r.status === status).map((r) => r.name);
const faults = () =>
  secondFactorFaults({
    admin,
    a: identities.a.token,
    enrolled: identities.dealer!.token,
    enrolledName: MOCK_SECOND_FACTOR_ACCOUNT.username,
    dealer: identities.dealer!.token,
  });
/** The run against a wrong server with `planted` (the fault was met): its failing cases, or every case. */
async function failingWith(planted: Record<string, Fault>, all = false): Promise<CheckResult[]> {
  const front = await startWrongFront(mock.target, planted);
  try {
    const results = await run(front.url);
    expect(front.faulted.length).toBeGreaterThan(0);
    return all ? results : results.filter((r) => r.status === 'failed');
  } finally {
    await front.stop();
  }
}

beforeAll(async () => {
  mock = await startHonestMock();
  const given = await mockIdentities(mock.target);
  admin = given.admin;
  identities = await resolveIdentities(mock.target, given, 10_000);
}, 60_000);
afterAll(async () => {
  await mock?.stop();
});
beforeEach(async () => {
  expect((await fetch(`${mock.target}/__mock/areas/reset`, { method: 'POST' })).status).toBe(200);
});

describe("the second factor's probe", () => {
  it('passes every step on the honest mock, and leaves the account without a second factor', async () => {
    const results = await run(mock.target);
    expect(named(results, 'failed')).toEqual([]);
    expect(named(results, 'skipped')).toEqual([
      'second-factor flow: clean-up: turn the second factor off (disableTotp)',
    ]);
    expect(named(results, 'passed')).toHaveLength(15);
    expect(named(results, 'passed')).toContain(
      'second-factor policy flow: 3. an account without a second factor is held to the enrolment (403 elsewhere, ' +
        'its status says required) (getUserAllDevices)',
    );
    // The requirement is off again (the clean-up), so the account signs in below without the claim.
    expect(named(results, 'passed')).toContain(
      'second-factor policy flow: clean-up: the setting as it was (setSecondFactorPolicy)',
    );
    expect(results.every((r) => r.kind === 'second-factor' && r.proposed)).toBe(true);
    const { attempts } = secondFactorNumbers(contract);
    expect(named(results, 'passed')).toContain(
      `second-factor flow: 10. ${attempts} wrong codes lock the account (429, Lockout) (confirmTotpEnrolment)`,
    );
    const signIn = await fetch(`${mock.target}/logins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', agent: 'browser' },
      body: JSON.stringify(MOCK_SECOND_FACTOR_ACCOUNT),
    });
    expect(((await signIn.json()) as { data: { token?: string } }).data.token).toEqual(expect.any(String));
  }, 60_000);

  it('catches a spent recovery code taken again, and still turns the factor off', async () => {
    const results = await failingWith(faults().recoveryReusable, true);
    expect(results.find((r) => r.name.includes('clean-up'))?.status).toBe('passed');
    const failed = results.filter((r) => r.status === 'failed');
    expect(failed.map((r) => [r.name, r.message])).toEqual([
      [
        'second-factor flow: 8. a recovery code opens a session once, not twice (completeSecondFactor)',
        'a spent recovery code: completeSecondFactor answered 200, expected 401',
      ],
    ]);
  }, 60_000);

  it('catches any code taken, no attempt limit, a token before the second factor, an end user enrolling', async () => {
    const all = faults();
    expect((await failingWith(all.anyCode)).map((r) => [r.name, r.message])).toEqual([
      [
        'second-factor flow: 5. a wrong code is refused (401) (completeSecondFactor)',
        'a wrong code: completeSecondFactor answered 200, expected 401',
      ],
    ]);
    const { attempts } = secondFactorNumbers(contract);
    expect((await failingWith(all.noLimit)).map((r) => r.message)).toEqual([
      `after ${attempts} wrong codes (second-factor): expected 429 (locked), answered 400`,
    ]);
    // The token it answers carries no enrolment claim either: the requirement's probe sees it too.
    expect((await failingWith(all.tokenFirst)).map((r) => r.message)).toEqual([
      'getUserAllDevices answered 200, expected 403 with second_factor_enrolment_required: true',
      'the sign-in answered 200 without a second_factor_required challenge',
    ]);
    const endUser = await failingWith(all.endUserEnrols);
    expect(endUser.map((r) => [r.name, r.message])).toEqual([
      [END_USER_CHECK, 'expected 403 to end user A (user type 0), answered 200'],
    ]);
  }, 120_000);

  it('skips without the account, saying how to run it (the level check of the requirement still runs)', async () => {
    const results = await run(mock.target, false);
    expect(named(results, 'failed')).toEqual([]);
    expect(results[0]!.status).toBe('passed');
    const skipped = results.filter((r) => r.status === 'skipped' && !r.name.includes('clean-up'));
    expect(skipped.length).toBeGreaterThan(0);
    for (const result of skipped) expect(result.message).toMatch(/--second-factor-account|step/);
    expect(results.find((r) => r.name.includes('policy flow: 2.'))?.message).toMatch(/--second-factor-account/);
  });

  it("catches the requirement not stored, a dealer setting it, and a session's claim not enforced", async () => {
    const all = faults();
    expect((await failingWith(all.policyNotStored)).map((r) => [r.name, r.message])).toEqual([
      [
        'second-factor policy flow: 2. required: it is stored, and answered back (setSecondFactorPolicy)',
        'getSecondFactorPolicy still answers required: false after turning it on',
      ],
    ]);
    expect((await failingWith(all.anyoneSetsPolicy)).map((r) => r.message)).toEqual([
      'setSecondFactorPolicy answered 200 to user type 1, expected 403',
    ]);
    expect((await failingWith(all.noEnrolmentGate)).map((r) => r.message)).toEqual([
      'getUserAllDevices answered 200, expected 403 with second_factor_enrolment_required: true',
    ]);
  }, 120_000);

  it('takes the account from --second-factor-account and its password from the environment only', () => {
    const argv = ['--target', 'http://x/api', '--second-factor-account', 'tester'];
    vi.stubEnv('CONFORMANCE_SECOND_FACTOR_PASSWORD', '');
    expect(() => parseCli(argv)).toThrow(/CONFORMANCE_SECOND_FACTOR_PASSWORD/);
    vi.stubEnv('CONFORMANCE_SECOND_FACTOR_PASSWORD', 'S3cret:pass');
    expect(parseCli(argv).options.secondFactorAccount).toEqual({ username: 'tester', password: 'S3cret:pass' });
    vi.unstubAllEnvs();
  });

  it('computes codes as an authenticator app, and a wrong one no nearby step has', () => {
    // RFC 6238 appendix B, SHA-1, 8 digits at T = 59 s: 94287082; 6 digits: its last six.
    const app = new Authenticator('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', { digits: 6, periodSeconds: 30 });
    expect(app.codeOf(1)).toBe('287082');
    const near = [-4, -3, -2, -1, 0, 1, 2, 3, 4].map((offset) => app.codeOf(app.step() + offset));
    expect(near).not.toContain(app.wrongCode());
  });
});
