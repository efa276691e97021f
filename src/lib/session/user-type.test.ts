import { describe, expect, it } from 'vitest';
import { isAdmin, isDealerOrAdmin, USER_TYPE, USER_TYPE_LABELS } from './user-type.ts';

describe('user types', () => {
  it('are the contract numbers 0 user, 1 dealer, 2 administrator', () => {
    expect(USER_TYPE).toEqual({ user: 0, dealer: 1, admin: 2 });
  });

  it('tell administrators and dealers apart, the least rights without a type', () => {
    expect([0, 1, 2].map((type) => isAdmin(type as 0 | 1 | 2))).toEqual([false, false, true]);
    expect([0, 1, 2].map((type) => isDealerOrAdmin(type as 0 | 1 | 2))).toEqual([false, true, true]);
    expect(isAdmin(undefined)).toBe(false);
    expect(isDealerOrAdmin(undefined)).toBe(false);
  });

  it('name every type', () => {
    expect(Object.keys(USER_TYPE_LABELS)).toEqual(['0', '1', '2']);
  });
});
