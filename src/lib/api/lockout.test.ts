import { describe, expect, it } from 'vitest';
import { ApiError, lockoutMinutesLeft, lockoutOf } from './api-error.ts';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const lockoutBody = {
  message: 'Too many attempts',
  status: 'Error',
  lockout: true,
  policy: 'sign-in',
  locked_until: '2026-11-21T10:14:30Z',
  retry_after: 870,
};

describe('a lockout (429 with the Lockout body)', () => {
  it('is read from the failed call, with when it ends and the whole minutes left', () => {
    const lockout = lockoutOf(new ApiError(429, 'Too many attempts', 'Error', lockoutBody), NOW);
    expect(lockout).toEqual({ policy: 'sign-in', until: new Date('2026-11-21T10:14:30Z') });
    expect(lockoutMinutesLeft(lockout!, NOW)).toBe(15);
    expect(lockoutMinutesLeft(lockout!, Date.parse('2026-11-21T10:14:00Z'))).toBe(1);
    expect(lockoutMinutesLeft(lockout!, Date.parse('2026-11-21T10:14:30Z'))).toBe(0);
  });

  it('falls back on retry_after when the end time is missing', () => {
    const { locked_until: _left, ...body } = lockoutBody;
    expect(lockoutOf(new ApiError(429, 'x', 'Error', body), NOW)?.until).toEqual(new Date(NOW + 870_000));
  });

  it('is no lockout for any other failure', () => {
    expect(
      lockoutOf(new ApiError(401, 'Kullanıcı adı veya şifre hatalı', 'Error', { message: 'x' }), NOW),
    ).toBeUndefined();
    expect(lockoutOf(new ApiError(429, 'busy', 'Error', { message: 'busy' }), NOW)).toBeUndefined();
    expect(lockoutOf(new Error('x'), NOW)).toBeUndefined();
  });
});
