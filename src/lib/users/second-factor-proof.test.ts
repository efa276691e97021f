import { describe, expect, it } from 'vitest';
import { secondFactorProof } from './second-factor-proof.ts';

describe('the second step proof', () => {
  it('tells a code of the app from a recovery code, by the contract patterns', () => {
    expect(secondFactorProof(' 123 456 ')).toEqual({ code: '123456' });
    expect(secondFactorProof('K3M9Q-X2W7P')).toEqual({ recovery_code: 'k3m9q-x2w7p' });
    expect(secondFactorProof('12345')).toBeUndefined();
    expect(secondFactorProof('k3m9qx2w7p')).toBeUndefined();
  });
});
