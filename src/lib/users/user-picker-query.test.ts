import { describe, expect, it } from 'vitest';
import { matchesUser, PICKER_LIMIT, userPickerQuery } from './user-picker-query.ts';

const zeynep = { name: 'Zeynep Kaya', email: 'user@example.com', Phonenumber: '905321110003', Dealercode: 'IST034' };

describe('the user picker', () => {
  it('asks for up to 1000 users from the first, with the search only when one is typed', () => {
    expect(PICKER_LIMIT).toBe(1000);
    const [all] = userPickerQuery('  ').queryKey;
    expect(all.query).toEqual({ limit: 1000, offset: 0 });
    const [found] = userPickerQuery(' Kaya ').queryKey;
    expect(found.query).toEqual({ limit: 1000, offset: 0, search: 'Kaya' });
    const [long] = userPickerQuery('x'.repeat(150)).queryKey;
    expect((long.query as { search: string }).search).toHaveLength(100);
  });

  it('narrows the listed users by name, email, phone or dealer code while the server is asked', () => {
    expect(matchesUser(zeynep, '')).toBe(true);
    expect(matchesUser(zeynep, 'zeynep')).toBe(true);
    expect(matchesUser(zeynep, 'KAYA')).toBe(true);
    expect(matchesUser(zeynep, 'user@')).toBe(true);
    expect(matchesUser(zeynep, '1110003')).toBe(true);
    expect(matchesUser(zeynep, 'ist0')).toBe(true);
    expect(matchesUser({ ...zeynep, name: 'Ayşe Öztürk' }, 'ayse ozturk')).toBe(true);
    expect(matchesUser(zeynep, 'mehmet')).toBe(false);
  });
});
