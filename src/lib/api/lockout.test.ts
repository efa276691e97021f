import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { lockoutError, lockoutMinutesLeft, lockoutOf } from './lockout-error.ts';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const lockoutBody = {
  message: 'Too many attempts',
  status: 'Error',
  lockout: true,
  policy: 'sign-in',
  locked_until: '2026-11-21T10:14:30Z',
  retry_after: 870,
};

describe('the minutes left of a lockout (the sign-in page and its dialogs)', () => {
  it('counts whole minutes down from the seconds the server gave, 0 once it has ended', () => {
    const lockout = lockoutOf(lockoutError(429, lockoutBody, '870', NOW));
    expect(lockout).toEqual({ policy: 'sign-in', until: NOW + 870_000 });
    expect(lockoutMinutesLeft(lockout!, NOW)).toBe(15);
    expect(lockoutMinutesLeft(lockout!, NOW + 840_000)).toBe(1);
    expect(lockoutMinutesLeft(lockout!, NOW + 870_000)).toBe(0);
  });

  it('is no lockout for any other failure', () => {
    expect(lockoutOf(new ApiError(401, 'Kullanıcı adı veya şifre hatalı', 'Error', { message: 'x' }))).toBeUndefined();
    expect(lockoutOf(new ApiError(429, 'busy', 'Error', { message: 'busy' }))).toBeUndefined();
    expect(lockoutOf(new Error('x'))).toBeUndefined();
  });
});
