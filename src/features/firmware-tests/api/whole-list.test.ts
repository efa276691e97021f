import { describe, expect, it } from 'vitest';
import { pageOf } from './whole-list.ts';

describe('a page of a whole list', () => {
  const whole = { data: [1, 2, 3, 4, 5] };

  it('cuts the page asked for and counts every row', () => {
    expect(pageOf(whole, 2, 0)).toEqual({ data: [1, 2], list_info: { total_count: 5 } });
    expect(pageOf(whole, 2, 4)).toEqual({ data: [5], list_info: { total_count: 5 } });
    expect(pageOf({ data: [] }, 10, 0)).toEqual({ data: [], list_info: { total_count: 0 } });
  });
});
