import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import { formatDate } from './dates.ts';

describe('date formats', () => {
  it('writes the spec formats, in the chosen language', () => {
    const value = new Date(2026, 10, 20, 14, 32, 5);
    dayjs.locale('en');
    expect(formatDate(value, 'panel')).toBe('20.11.2026 14:32');
    expect(formatDate(value, 'order')).toBe('20 November 2026');
    expect(formatDate(value, 'codeUsage')).toBe('20 November 2026 14:32:05');
    dayjs.locale('tr');
    expect(formatDate(value, 'order')).toBe('20 Kasım 2026');
    dayjs.locale('en');
  });

  it('writes nothing for a missing or invalid date', () => {
    expect(formatDate(undefined, 'panel')).toBe('');
    expect(formatDate('not a date', 'panel')).toBe('');
  });
});
