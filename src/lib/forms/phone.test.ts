import { describe, expect, it } from 'vitest';
import { isValidPhone, readsAsPhone, toWirePhone, wirePhone } from './phone.ts';

describe('phone numbers as typed, sent as the contract says', () => {
  it.each([
    ['0532 111 22 33', '905321112233'],
    ['+90 532 111 22 33', '905321112233'],
    ['0090 532 111 22 33', '905321112233'],
    ['(0532) 111-22-33', '905321112233'],
    ['532 111 22 33', '905321112233'],
    ['905321112233', '905321112233'],
    ['+1 202 555 0100', '12025550100'],
  ])('reads %j as %j', (typed, wire) => {
    expect(isValidPhone(typed)).toBe(true);
    expect(toWirePhone(typed)).toBe(wire);
    expect(wirePhone(typed)).toBe(wire);
  });

  it('refuses what is no number, and sends it without separators for the contract to judge', () => {
    expect(toWirePhone('12345')).toBeUndefined();
    expect(toWirePhone('0532 111')).toBeUndefined();
    expect(wirePhone(' 0532 111 ')).toBe('0532111');
    expect(wirePhone('abc')).toBe('abc');
    expect(wirePhone('')).toBe('');
  });

  it('reads a national number in the chosen country', () => {
    expect(toWirePhone('07911 123456', 'GB')).toBe('447911123456');
    expect(isValidPhone('07911 123456', 'TR')).toBe(false);
  });
});

describe('what reads as a phone number', () => {
  it('is a number the library knows, or digits in the wire form', () => {
    expect(readsAsPhone('0532 111 22 33')).toBe(true);
    expect(readsAsPhone('905321110003')).toBe(true);
    expect(readsAsPhone('')).toBe(true);
    expect(readsAsPhone('0532 111 22 3')).toBe(false);
    expect(readsAsPhone('0532111223')).toBe(false);
    expect(readsAsPhone('+90 532')).toBe(false);
  });
});
