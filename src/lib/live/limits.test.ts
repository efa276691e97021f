import { describe, expect, it } from 'vitest';
import { chunk, isOversized, MAX_MESSAGE_BYTES } from './limits.ts';

describe('live feed limits', () => {
  it('splits topics into packets of at most 500', () => {
    const topics = Array.from({ length: 1001 }, (_, i) => `panels/${i}`);
    expect(chunk(topics).map((packet) => packet.length)).toEqual([500, 500, 1]);
    expect(chunk([])).toEqual([]);
    expect(chunk(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['c']]);
  });

  it('measures a payload in bytes, not characters', () => {
    expect(isOversized(new Uint8Array(MAX_MESSAGE_BYTES))).toBe(false);
    expect(isOversized(new Uint8Array(MAX_MESSAGE_BYTES + 1))).toBe(true);
    expect(isOversized('a'.repeat(MAX_MESSAGE_BYTES))).toBe(false);
    expect(isOversized('a'.repeat(MAX_MESSAGE_BYTES + 1))).toBe(true);
    // "Ş" is two bytes in UTF-8: 40,000 of them are 80,000 bytes although only 40,000 characters.
    expect(isOversized('Ş'.repeat(40_000))).toBe(true);
    expect(isOversized('Ş'.repeat(30_000))).toBe(false);
  });
});
