import { describe, expect, it } from 'vitest';
import { parseDeviceId } from './device-id.ts';

describe('a device id as typed', () => {
  it('takes a whole number written in digits, with spaces around it', () => {
    expect(parseDeviceId('864215040034567')).toBe(864215040034567);
    expect(parseDeviceId(' 1 ')).toBe(1);
  });

  it('refuses anything else: empty, zero, signs, decimals, letters, and numbers too large to be exact', () => {
    for (const text of ['', '   ', '0', '-5', '+5', '1.5', '1e5', '86421504003456x', '12 34', '99999999999999999']) {
      expect(parseDeviceId(text), text).toBeUndefined();
    }
  });
});
