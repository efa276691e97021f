import { describe, expect, it } from 'vitest';
import { AttemptLimiter, attemptPolicies, lockoutAnswer } from './attempt-limits.ts';
import { Contract } from '../contract.ts';

const MINUTE = 60_000;
const contract = Contract.load();

describe('the attempt limits the contract states', () => {
  it('reads the panel password policy with its numbers', () => {
    const policy = attemptPolicies(contract).get('panel-password');
    expect(policy?.counts).toBe('failures');
    expect(policy?.limits.map((limit) => limit.per)).toEqual(['panel-account', 'panel']);
  });

  it('refuses a malformed policy', () => {
    const broken = new Contract({ 'x-attempt-limits': { policies: { x: { counts: 'failures', limits: [{}] } } } });
    expect(() => attemptPolicies(broken)).toThrow(/unknown key/);
  });
});

describe('AttemptLimiter', () => {
  const limiter = () => AttemptLimiter.fromContract(contract);
  const [perAccount, perPanel] = attemptPolicies(contract).get('panel-password')!.limits;

  it('locks one panel for one account after its attempts, for its lock time, and not another account', () => {
    const limits = limiter();
    const keys = { 'panel-account': '1:3', panel: '1' };
    const now = 1_000_000;
    for (let i = 1; i < perAccount!.attempts; i++)
      expect(limits.count('panel-password', keys, now + i)).toBeUndefined();
    const lock = limits.count('panel-password', keys, now + perAccount!.attempts);
    expect(lock).toMatchObject({ policy: 'panel-password', per: 'panel-account' });
    expect(lock!.until).toBe(now + perAccount!.attempts + perAccount!.lockMinutes * MINUTE);
    expect(limits.locked('panel-password', keys, lock!.until - 1)).toBeDefined();
    expect(limits.locked('panel-password', keys, lock!.until)).toBeUndefined();
    expect(limits.locked('panel-password', { 'panel-account': '1:4', panel: '1' }, now + 10)).toBeUndefined();
  });

  it('forgets attempts older than the window', () => {
    const limits = limiter();
    const keys = { 'panel-account': '1:3' };
    for (let i = 1; i < perAccount!.attempts; i++) limits.count('panel-password', keys, i);
    expect(limits.count('panel-password', keys, perAccount!.windowMinutes * MINUTE + 10)).toBeUndefined();
  });

  it('locks the panel for every account once the panel-wide limit is reached across accounts', () => {
    const limits = limiter();
    let lock;
    for (let i = 0; i < perPanel!.attempts; i++) {
      lock = limits.count('panel-password', { 'panel-account': `1:${100 + i}`, panel: '1' }, 1000 + i);
    }
    expect(lock).toMatchObject({ per: 'panel' });
    expect(limits.locked('panel-password', { 'panel-account': '1:999', panel: '1' }, 2000)).toBeDefined();
  });

  it('clears the caller’s own count on a right secret, never the panel-wide one', () => {
    const limits = limiter();
    const keys = { 'panel-account': '1:3', panel: '1' };
    for (let i = 1; i < perAccount!.attempts; i++) limits.count('panel-password', keys, Date.now());
    limits.succeeded('panel-password', keys);
    expect(limits.count('panel-password', keys, Date.now())).toBeUndefined();
  });

  it('answers a lock as the contract’s 429 with Retry-After in whole seconds', () => {
    const answer = lockoutAnswer({ policy: 'panel-password', per: 'panel', until: 10_500 }, 'locked', 1000);
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBe('10');
    expect(answer.body).toMatchObject({ lockout: true, retry_after: 10, locked_until: new Date(10_500).toISOString() });
  });
});
