import { describe, expect, it } from 'vitest';
import { formatAge } from './age.ts';

describe('formatAge', () => {
  it('says how old a state is in the interface language', () => {
    expect(formatAge(0, 'en')).toBe('now');
    expect(formatAge(5_400, 'en')).toBe('5 seconds ago');
    expect(formatAge(3 * 60_000 + 10_000, 'en')).toBe('3 minutes ago');
    expect(formatAge(2 * 3_600_000, 'en')).toBe('2 hours ago');
    expect(formatAge(3 * 86_400_000, 'en')).toBe('3 days ago');
    expect(formatAge(5_000, 'tr')).toBe('5 saniye önce');
    expect(formatAge(60_000, 'tr')).toBe('1 dakika önce');
  });

  it('never says "in" for a clock a little behind the message', () => {
    expect(formatAge(-800, 'en')).toBe('now');
  });
});
