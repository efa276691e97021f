/**
 * The panel password checks (panel-passwords.ts, kind `pin`) against the honest mock (every case passes: the limit
 * the contract states locks A out of the test panel, the right password and the server's copy stay refused while
 * locked, the calls without a password are refused), against a wrong server without the limit and one that answers
 * the known copy without a password (each caught, nothing else failing), and without --pin-panel (the limit check
 * skipped, saying how to run it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptPolicies } from '../mocks/db/attempt-limits.ts';
import { checkContext, type CheckResult, type Identities } from './checks.ts';
import { mockIdentities, startHonestMock, type HonestMock } from './honest-mock.ts';
import { resolveIdentities } from './identities.ts';
import { runPanelPasswords, wrongPanelPassword } from './panel-passwords.ts';
import { contract } from './test-support.ts';
import { startWrongFront } from './wrong-front.ts';
import { plantedFaults } from './planted-faults.ts';

/** A panel of A's (user) on the mock that no other check of these tests uses. */
const PIN_PANEL = 864215040045678;

let mock: HonestMock;
let admin: string;
let identities: Identities;

const resetMock = async () => {
  for (const control of ['areas/reset', 'panels/reset']) {
    expect((await fetch(`${mock.target}/__mock/${control}`, { method: 'POST' })).status).toBe(200);
  }
};

const run = (target: string, pinPanel?: number) =>
  runPanelPasswords(
    checkContext({ contract, target, token: admin, identities, allowWrites: true, ...(pinPanel ? { pinPanel } : {}) }),
  );

const byStatus = (results: CheckResult[], status: CheckResult['status']) =>
  results.filter((result) => result.status === status).map((result) => result.name);

beforeAll(async () => {
  mock = await startHonestMock();
  const given = await mockIdentities(mock.target);
  admin = given.admin;
  identities = await resolveIdentities(mock.target, given, 10_000);
}, 60_000);

afterAll(async () => {
  await mock?.stop();
});

describe('the panel password checks', () => {
  it('pass on the honest mock: the stated limit locks A out of the test panel, with the right password too', async () => {
    await resetMock();
    const results = await run(mock.target, PIN_PANEL);
    expect(byStatus(results, 'failed')).toEqual([]);
    expect(byStatus(results, 'passed')).toEqual([
      'getKnownSettings: refused without the panel password',
      'updateZone: refused without the panel password',
      'getPanelSettings: wrong panel passwords lock the panel (429, Retry-After, Lockout)',
      'getPanelSettings: the right panel password is refused while locked',
      "getKnownSettings: the server's own copy is locked too",
    ]);
    // The mock's audit log holds exactly the stated number of wrong passwords: a locked call is refused unjudged.
    const limit = attemptPolicies(contract).get('panel-password')!.limits[0]!.attempts;
    const audit = await fetch(`${mock.target}/audit-log?action=pin_failure&dev_id=${PIN_PANEL}&limit=100`, {
      headers: { authorization: `Bearer ${admin}`, agent: 'browser' },
    });
    expect(((await audit.json()) as { data: unknown[] }).data).toHaveLength(limit);
    // Run again at once: the panel is still locked, so the limit check cannot start and says so.
    const again = await run(mock.target, PIN_PANEL);
    expect(again.find((r) => r.name.startsWith('getPanelSettings: wrong'))?.message).toMatch(/still locked/);
  }, 60_000);

  it('catch a server without the limit and one that answers the known copy without a password', async () => {
    await resetMock();
    const faults = plantedFaults(contract, {
      admin,
      a: identities.a.token,
      dealer: identities.dealer!.token,
      bPanel: identities.b.panel!.dev_id,
      bQueuedWrite: identities.b.queuedWrite!,
      pinPanel: PIN_PANEL,
    });
    const front = await startWrongFront(mock.target, {
      getPanelSettings: faults.getPanelSettings!,
      getKnownSettings: faults.getKnownSettings!,
    });
    try {
      const results = await run(front.url, PIN_PANEL);
      expect(byStatus(results, 'failed')).toEqual([
        'getKnownSettings: refused without the panel password',
        'getPanelSettings: wrong panel passwords lock the panel (429, Retry-After, Lockout)',
      ]);
      const limit = results.find((r) => r.name.startsWith('getPanelSettings: wrong'))!;
      expect(limit.message).toMatch(
        /^after \d+ wrong passwords \(panel-password\): expected 429 \(locked\), answered 200/,
      );
      expect(results.find((r) => r.name.startsWith('getKnownSettings: refused'))?.message).toMatch(/answered 200/);
      expect(new Set(front.faulted)).toEqual(new Set(['getPanelSettings', 'getKnownSettings']));
    } finally {
      await front.stop();
    }
  }, 60_000);

  it('skip the limit check without --pin-panel, saying how to run it', async () => {
    await resetMock();
    const results = await run(mock.target);
    expect(results.find((r) => r.operationId === 'getPanelSettings')).toMatchObject({
      status: 'skipped',
      message: expect.stringContaining('--pin-panel') as unknown,
    });
    expect(byStatus(results, 'failed')).toEqual([]);
  });

  it('picks a wrong password unlike the right one', () => {
    expect(wrongPanelPassword('1234')).toBe('0000');
    expect(wrongPanelPassword('0000')).toBe('9999');
    expect(wrongPanelPassword('123456')).toBe('000000');
  });
});
