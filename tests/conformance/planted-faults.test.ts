/**
 * The proof of the whole REST run: a wrong server made from the honest mock plants one fault of each kind (bad input
 * accepted, B's panel shown to A, an answer without a token, a 500 on a valid request, a lost write in a flow, a
 * common password accepted by the password change) and
 * one run with every check catches each, under the right check and rule, and nothing else. (The live feed's faults —
 * a broker granting `#`, an invalid message — are planted in live.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_PASSWORD_ACCOUNT, startHonestMock, mockIdentities, type HonestMock } from './honest-mock.ts';
import { resolveIdentities } from './identities.ts';
import { caseReport } from './report.ts';
import { junitXml } from './junit.ts';
import { runConformance } from './runner.ts';
import { contract } from './test-support.ts';
import type { Report } from './types.ts';
import { startWrongFront, type WrongFront } from './wrong-front.ts';
import { plantedFaults } from './wrong-server.ts';

let mock: HonestMock;
let front: WrongFront;
let report: Report;

beforeAll(async () => {
  mock = await startHonestMock();
  const { admin, ...given } = await mockIdentities(mock.target);
  const identities = await resolveIdentities(mock.target, given, 10_000);
  front = await startWrongFront(
    mock.target,
    plantedFaults(contract, { admin, a: identities.a.token, bPanel: identities.b.panel!.dev_id }),
  );
  report = await runConformance({
    target: front.url,
    token: admin,
    identities: given,
    allowWrites: true,
    passwordAccount: MOCK_PASSWORD_ACCOUNT,
  });
}, 90_000);

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
        'getSiaCodes',
        'changePanelDesc',
        'changePassword',
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
    // B's panel shown to A; an answer without a token.
    expect(byKind('authz').map((c) => c.name)).toEqual(
      ["getPanelZones: A on B's panel (path id)", 'getAlarmDescriptions: no token'].sort(
        (x, y) => failing.findIndex((c) => c.name === x) - failing.findIndex((c) => c.name === y),
      ),
    );
    expect(byKind('authz').find((c) => c.name.startsWith('getAlarmDescriptions'))?.message).toMatch(
      /expected 401 without a token, answered 200/,
    );
    // A lost write: the flow's read-back step fails, the steps after it skip. A common password accepted.
    expect(byKind('flow').map((c) => c.name)).toEqual([
      'panel flow: 5. the new name is listed (getUserDevices)',
      'password flow: 5. a common password is refused (changePassword)',
    ]);
    expect(byKind('flow')[1]?.message).toMatch(/^the common password '\S+' was accepted: changePassword answered 200/);
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
