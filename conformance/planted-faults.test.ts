/**
 * The proof of the whole REST run: a wrong server made from the honest mock plants one fault of each kind (bad input
 * accepted, B's panel shown to A, also through a lenient id parser, another's coupon codes and coupon requests shown
 * to the dealer, an answer without a token, a 500 on a valid request, a lost write in a flow, a sign-out that revokes
 * nothing, no panel password limit, the known copy answered without a panel password, no sign-in limit, an unknown
 * account named by a 404, a common password accepted by the password change, a lookup list answered in Turkish to an
 * English caller, a spent recovery code of the second factor taken again) and one run with every check catches
 * each, under the right check and rule, and nothing else (the expired token the run is given is refused, as the
 * honest mock refuses it). (The live feed's faults —
 * a broker granting `#`, an invalid message — are planted in live.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MOCK_PASSWORD_ACCOUNT,
  MOCK_SECOND_FACTOR_ACCOUNT,
  startHonestMock,
  mockIdentities,
  type HonestMock,
} from './honest-mock.ts';
import { resolveIdentities } from './identities.ts';
import { caseReport } from './report.ts';
import { junitXml } from './junit.ts';
import { ODD_FORMS } from './odd-ids.ts';
import { runConformance } from './runner.ts';
import { contract } from './test-support.ts';
import type { Report } from './types.ts';
import { startWrongFront, type WrongFront } from './wrong-front.ts';
import { plantedFaults, reauthFaults } from './planted-faults.ts';
import { REAUTH_CHECKS, runReauth } from './reauth.ts';
import { mockReauthAccount, mockStaleToken } from './reauth-mock.ts';
import { checkContext } from './checks.ts';
import { signIn } from './honest-mock.ts';
import { signMockToken } from '../mocks/access.ts';
import { SESSION_CHECKS } from './sessions.ts';
import { REFRESH_COOKIE_CHECKS } from './refresh-cookie.ts';
import { FILE_ACCESS_CHECKS } from './file-access.ts';

let mock: HonestMock;
let front: WrongFront;
let report: Report;
/** A's test panel the panel password limit check locks. */
const PIN_PANEL = 864215040045678;

beforeAll(async () => {
  mock = await startHonestMock();
  const { admin, ...given } = await mockIdentities(mock.target);
  const identities = await resolveIdentities(mock.target, given, 10_000);
  front = await startWrongFront(
    mock.target,
    plantedFaults(contract, {
      admin,
      a: identities.a.token,
      dealer: identities.dealer!.token,
      bPanel: identities.b.panel!.dev_id,
      bQueuedWrite: identities.b.queuedWrite!,
      pinPanel: PIN_PANEL,
    }),
  );
  const claims = JSON.parse(Buffer.from(given.a.token.split('.')[1]!, 'base64url').toString()) as object;
  const expiredToken = signMockToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 });
  report = await runConformance({
    target: front.url,
    token: admin,
    identities: given,
    allowWrites: true,
    expiredToken,
    pinPanel: PIN_PANEL,
    passwordAccount: MOCK_PASSWORD_ACCOUNT,
    secondFactorAccount: MOCK_SECOND_FACTOR_ACCOUNT,
  });
}, 240_000);

afterAll(async () => {
  await front?.stop();
  await mock?.stop();
});

describe('one run with every check against a server with one fault of each kind', () => {
  it('exercised every planted fault', () => {
    expect(new Set(front.faulted)).toEqual(
      new Set([
        'updateZone',
        'getPanelZones',
        'getAlarmDescriptions',
        'getZoneTypeList',
        'getSiaCodes',
        'changePanelDesc',
        'logout',
        'getPanelSettings',
        'getKnownSettings',
        'getPanelUsers',
        'getCouponCodes',
        'getCoupons',
        'cancelQueuedWrite',
        'login',
        'forgetPassword',
        'changePassword',
        'createOrder',
        'checkFileAccess',
        'completeSecondFactor',
      ]),
    );
  });

  it('catches each under its own check, naming the rule, and nothing else fails', () => {
    const failing = report.checks.filter((c) => c.status === 'failed');
    const byKind = (kind: string) => failing.filter((c) => c.kind === kind);
    // Bad input accepted: every negative case of updateZone, each naming the rule it broke.
    expect(byKind('negative').length).toBeGreaterThan(0);
    expect(byKind('negative').every((c) => c.operationId === 'updateZone')).toBe(true);
    for (const found of byKind('negative')) expect(found.message).toMatch(/^accepted /);
    // B's panel shown to A; an answer without a token; B's panel shown to A in each odd form a lenient parser
    // reads as its id; another's coupon codes and coupon requests shown to the dealer; the file store's check
    // judging the raw folder text and ignoring the forwarded method.
    expect(byKind('authz').map((c) => c.name)).toEqual(
      [
        "getPanelZones: A on B's panel (path id)",
        ...ODD_FORMS.map((form) => `getPanelUsers: A on B's panel (path id) as ${form.label}`),
        'getAlarmDescriptions: no token',
        "cancelQueuedWrite: A on B's queued_write (path id)",
        'getCoupons: dealer lists only the coupon requests within its reach',
        "getCouponCodes: dealer on another's coupon request (path id)",
        FILE_ACCESS_CHECKS.disguised('/Firmware'),
        FILE_ACCESS_CHECKS.method,
      ].sort((x, y) => failing.findIndex((c) => c.name === x) - failing.findIndex((c) => c.name === y)),
    );
    expect(byKind('authz').find((c) => c.name.endsWith('as <id>.0'))?.message).toMatch(
      /^expected 400 or 403 or 404 with A's token on B's panel written <id>\.0, answered 200$/,
    );
    expect(byKind('authz').find((c) => c.name.startsWith('getCoupons:'))?.message).toMatch(
      /^listed 1 coupon request\(s\) outside the reach of dealer, e\.g\. 302 of admin@example\.com$/,
    );
    expect(byKind('authz').find((c) => c.name.startsWith('getAlarmDescriptions'))?.message).toMatch(
      /expected 401 without a token, answered 200/,
    );
    // A lost write: the flow's read-back step fails, the steps after it skip. A common password accepted.
    expect(byKind('flow').map((c) => c.name)).toEqual([
      'panel flow: 5. the new name is listed (getUserDevices)',
      'order flow: 1. create (createOrder)',
      'password flow: 5. a common password is refused (changePassword)',
    ]);
    expect(byKind('flow')[1]?.message).toMatch(
      /^createOrder answered 'Premium - 12 Ay' at 1266\.5 'TRY' for '[^']+'; asked for plan 1 option 11, expected 'Standart - 1 Ay' at 99 'TRY'/,
    );
    expect(byKind('flow')[2]?.message).toMatch(/^the common password '\S+' was accepted: changePassword answered 200/);
    // A sign-out that revokes nothing: the signed-out token is still read and renewed (a proposed call's results).
    expect(byKind('session').map((c) => [c.name, c.message, c.proposed])).toEqual([
      [SESSION_CHECKS.signedOutRead, 'expected 401 to the signed-out token on getUserDetail, answered 200', true],
      [SESSION_CHECKS.signedOutRenewal, 'expected 401 to the signed-out token on getChangedJwt, answered 200', true],
    ]);
    expect(report.checks.filter((c) => c.kind === 'session' && c.status === 'passed').map((c) => c.name)).toEqual([
      SESSION_CHECKS.signOut,
      SESSION_CHECKS.expiredRead,
      SESSION_CHECKS.expiredRenewal,
      ...Object.values(REFRESH_COOKIE_CHECKS),
    ]);
    // No panel password limit; the known copy answered without a panel password.
    expect(byKind('pin').map((c) => c.name)).toEqual([
      'getKnownSettings: refused without the panel password',
      'getPanelSettings: wrong panel passwords lock the panel (429, Retry-After, Lockout)',
    ]);
    // No sign-in limit; an unknown account named by a 404 (which also never counts it).
    expect(byKind('abuse').map((c) => c.name)).toEqual([
      'login: locks an account (a name made for the run)',
      'forgetPassword: locks an account (a name made for the run)',
      'forgetPassword: an unknown account answered as a known one',
    ]);
    expect(byKind('abuse')[0]?.message).toMatch(/expected 429 once the limit was passed \(sign-in: 5 wrong attempts/);
    expect(byKind('abuse')[2]?.message).toMatch(/answered 404 for an unknown account and 200 for a known account/);
    // A spent recovery code taken again: the second factor's probe (its other steps pass, the clean-up turns it off).
    expect(byKind('second-factor').map((c) => [c.name, c.message])).toEqual([
      [
        'second-factor flow: 8. a recovery code opens a session once, not twice (completeSecondFactor)',
        'a spent recovery code: completeSecondFactor answered 200, expected 401',
      ],
    ]);
    // With the requirement's probe (second-factor-policy.ts): its three steps and its clean-up pass.
    expect(report.checks.filter((c) => c.kind === 'second-factor' && c.status === 'passed')).toHaveLength(13);
    // A list answered in Turkish to an English caller.
    expect(byKind('language').map((c) => [c.name, c.message])).toEqual([
      [
        'language: getZoneTypeList answers English to language en',
        'language en answers the Turkish texts again: the language header is ignored',
      ],
    ]);
    expect(report.checks.filter((c) => c.kind === 'language' && c.status === 'passed')).toHaveLength(7);
    // A server error on a valid request: the example replay.
    const failingExamples = report.results.filter((r) => r.outcome !== 'conforms' && r.outcome !== 'skipped');
    expect(failingExamples.map((r) => [r.operationId, r.outcome, r.status])).toEqual([
      ['getSiaCodes', 'undocumented-status', 500],
    ]);
    expect(report.ok).toBe(false);
  });

  it('gives the JUnit report one failing case for each caught fault', () => {
    const xml = junitXml(caseReport(report));
    expect(xml).toContain('classname="conformance.example.lookups" name="getSiaCodes: GET /list/getsiacodes"');
    expect(xml).toContain('name="getPanelZones: A on B&apos;s panel (path id)"');
    expect(xml).toMatch(/<failure message="expected 401 without a token, answered 200"/);
  });
});

describe('a server that accepts any re-authentication password and deletes a user for a stale session', () => {
  it('is caught by the re-authentication probes, and nothing else of them fails', async () => {
    expect((await fetch(`${mock.target}/__mock/areas/reset`, { method: 'POST' })).status).toBe(200);
    const admin = await signIn(mock.target, 'admin');
    const account = await mockReauthAccount(mock.target, admin);
    const wrong = await startWrongFront(mock.target, reauthFaults(contract, account.password, admin));
    try {
      const results = await runReauth(
        checkContext({
          contract,
          target: wrong.url,
          token: admin,
          allowWrites: true,
          reauthAccount: account,
          staleToken: mockStaleToken(admin),
        }),
      );
      expect(new Set(wrong.faulted)).toEqual(new Set(['reauthenticate', 'deleteAppUser']));
      expect(results.filter((r) => r.status === 'failed').map((r) => [r.name, r.message])).toEqual([
        [REAUTH_CHECKS.wrong, 'expected 401 to a wrong password, answered 200'],
        [REAUTH_CHECKS.lock, expect.stringMatching(/^expected 429 to the right password once the limit was passed/)],
        [
          REAUTH_CHECKS.stale('deleteAppUser'),
          expect.stringMatching(/^expected 403 with reauth_required: true .* answered 200$/),
        ],
      ]);
      expect(results.filter((r) => r.status === 'passed')).toHaveLength(results.length - 3);
    } finally {
      await wrong.stop();
    }
  }, 60_000);
});
