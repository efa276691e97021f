import { describe, expect, it } from 'vitest';
import { routeUserId } from './route-user-id.ts';

describe('the user id of the edit route', () => {
  it('reads a whole number from 1', () => {
    expect(routeUserId('7')).toBe(7);
    expect(routeUserId('1500')).toBe(1500);
  });

  it('refuses anything else', () => {
    for (const raw of ['0', '-3', '2.5', 'abc', '', '1e3', ' 7', '9999999999999999']) {
      expect(routeUserId(raw), raw).toBeNaN();
    }
  });
});
