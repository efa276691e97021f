/**
 * The re-authentication check (with kind `session`) against the honest mock: a wrong password refused without ending
 * the session, the right one answering a token authenticated now, the `reauth` limit locking, and every operation
 * marked `x-reauth` refusing a stale session; what it was not given is skipped, saying what to give.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reauthOperations } from '../codegen/reauth-rules.ts';
import { checkContext } from './checks.ts';
import { parseCli } from './cli.ts';
import { signIn, startHonestMock, type HonestMock } from './honest-mock.ts';
import { REAUTH_CHECKS, runReauth } from './reauth.ts';
import { mockReauthAccount, mockStaleToken } from './reauth-mock.ts';
import { contract } from './test-support.ts';

let mock: HonestMock;
let admin: string;

beforeAll(async () => {
  mock = await startHonestMock();
  admin = await signIn(mock.target, 'admin');
}, 60_000);
afterAll(() => mock?.stop());

const marked = reauthOperations(contract.document).map((op) => op.operationId);
const run = (given: Partial<Parameters<typeof checkContext>[0]> = {}) =>
  runReauth(checkContext({ contract, target: mock.target, token: admin, ...given }));

describe('the re-authentication check against the honest mock', () => {
  it('passes every probe when given an account and a stale token', async () => {
    const results = await run({
      allowWrites: true,
      reauthAccount: await mockReauthAccount(mock.target, admin),
      staleToken: mockStaleToken(admin),
    });
    expect(results.map((r) => r.name)).toEqual([
      REAUTH_CHECKS.wrong,
      REAUTH_CHECKS.kept,
      REAUTH_CHECKS.right,
      REAUTH_CHECKS.lock,
      ...marked.map(REAUTH_CHECKS.stale),
    ]);
    expect(results.filter((r) => r.status !== 'passed').map((r) => [r.name, r.message])).toEqual([]);
    expect(results.every((r) => r.kind === 'session' && r.proposed)).toBe(true);
    expect(marked).toEqual(['deleteAppUser', 'updateUser', 'moveSubscriptions', 'startFirmwareRollout']);
  }, 60_000);

  it('skips what it was not given or may not do, saying why', async () => {
    const results = await run({ staleToken: mockStaleToken(admin) });
    expect(results.every((r) => r.status === 'skipped')).toBe(true);
    expect(results[0]!.message).toMatch(/--reauth-account/);
    expect(results.at(-1)!.message).toMatch(/--allow-writes/);
    expect((await run({ allowWrites: true })).at(-1)!.message).toMatch(/--stale-token .* more than 5 minutes ago/);
  });

  it('reads its options from the command line, refusing a token that is not stale', () => {
    const stale = mockStaleToken(admin);
    vi.stubEnv('CONFORMANCE_REAUTH_PASSWORD', 'p:w');
    const { options } = parseCli(['--target', mock.target, '--reauth-account', 'a@b.c', '--stale-token', stale]);
    expect(options).toMatchObject({ reauthAccount: { username: 'a@b.c', password: 'p:w' }, staleToken: stale });
    expect(() => parseCli(['--target', mock.target, '--stale-token', admin])).toThrow(/not stale yet/);
    // The password is never taken from the command line.
    vi.stubEnv('CONFORMANCE_REAUTH_PASSWORD', '');
    expect(() => parseCli(['--target', mock.target, '--reauth-account', 'nobody'])).toThrow(
      /its password in CONFORMANCE_REAUTH_PASSWORD/,
    );
    vi.unstubAllEnvs();
  });
});
