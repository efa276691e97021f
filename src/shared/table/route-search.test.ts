import { describe, expect, it } from 'vitest';
import { validateTableSearch } from './route-search.ts';

describe('route search of a table', () => {
  it('validates page and size, leaving the defaults out, and keeps plain entries for the filters', () => {
    expect(validateTableSearch({ page: 3, size: 25, name: 'ali', active: true, junk: { a: 1 }, list: [1] })).toEqual({
      page: 3,
      size: 25,
      name: 'ali',
      active: true,
    });
    expect(validateTableSearch({ page: 1, size: 10 })).toEqual({});
    expect(validateTableSearch({ page: -4, size: 33 })).toEqual({});
    expect(validateTableSearch({ page: '2', size: '1000' })).toEqual({ page: 2, size: 1000 });
  });
});
