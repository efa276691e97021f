import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBundledContract } from '../tests/contract/contract-loader.ts';
import { ROOT } from '../mocks/contract.ts';
import { renderSessionRules, revokingOperations, sessionPolicyOf, withSessionSection } from './session-rules.ts';

const contract = loadBundledContract() as Record<string, unknown>;

describe('the session rules of openapi/README.md', () => {
  it('reads the numbers once from the root x-session, and refuses a contract without them', () => {
    expect(sessionPolicyOf(contract)).toEqual({ accessTokenMinutes: 15, sessionHours: 12 });
    expect(() => sessionPolicyOf({})).toThrow(/x-session.accessTokenMinutes/);
    expect(() => sessionPolicyOf({ 'x-session': { accessTokenMinutes: 15, sessionHours: 0 } })).toThrow(/sessionHours/);
  });

  it('lists every operation that revokes sessions, with its rule', () => {
    const ids = revokingOperations(contract).map((op) => op.operationId);
    expect(ids.sort()).toEqual(
      ['changePassToDefault', 'changePassword', 'deleteAppUser', 'setUserActiveStatus', 'updateUser'].sort(),
    );
    const text = renderSessionRules(contract);
    expect(text).toContain('**15 minutes**');
    expect(text).toContain('**12 hours**');
    expect(text).toContain("every session of the caller's account but the caller’s own");
    expect(text).toContain('when `state` is 0');
  });

  it('is in the README as the contract gives it, between its markers', () => {
    const readme = readFileSync(path.join(ROOT, 'openapi', 'README.md'), 'utf8');
    expect(withSessionSection(readme, contract)).toBe(readme);
    expect(readme).toContain('\nAn access token lives at most **15 minutes**');
    expect(() => withSessionSection('no markers', contract)).toThrow(/markers/);
  });
});
