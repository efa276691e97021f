import { describe, expect, it } from 'vitest';
import { CONTRACT_FILE, Contract } from '../contract.ts';
import { DEFAULT_LIMIT, pageAsked, pageFromPath, pageOf } from './paging.ts';

const query = (text: string) => new URLSearchParams(text);
const rows = [1, 2, 3, 4, 5];

describe('the mock pages a list one way', () => {
  it('keeps the contract’s default page size', () => {
    const components = Contract.load(CONTRACT_FILE).document.components as { parameters: Record<string, unknown> };
    expect(components.parameters.Limit).toMatchObject({ schema: { default: DEFAULT_LIMIT } });
  });

  it('reads limit and offset, with the defaults when absent', () => {
    expect(pageAsked(query('limit=2&offset=3'))).toEqual({ limit: 2, offset: 3 });
    expect(pageAsked(query(''))).toEqual({ limit: DEFAULT_LIMIT, offset: 0 });
    expect(pageAsked(query(''), 25)).toEqual({ limit: 25, offset: 0 });
    expect(pageAsked(query(''), 'all')).toEqual({ limit: undefined, offset: 0 });
  });

  it('fails closed: a value not written as digits, or below its minimum, is not read', () => {
    for (const text of ['2.0', '+2', '02', ' 2', '2e0', '0x2', '-1', '', 'two']) {
      expect(pageAsked(query(`limit=${encodeURIComponent(text)}&offset=${encodeURIComponent(text)}`))).toEqual({
        limit: DEFAULT_LIMIT,
        offset: 0,
      });
    }
    expect(pageAsked(query('limit=0'), 'all').limit).toBeUndefined();
    expect(pageAsked(query('offset=0')).offset).toBe(0);
  });

  it('cuts the page and counts every row', () => {
    expect(pageOf(rows, { limit: 2, offset: 1 })).toEqual({
      data: [2, 3],
      list_info: { total_count: 5, limit: 2, offset: 1 },
    });
    expect(pageOf(rows, { limit: 2, offset: 5 })).toEqual({
      data: [],
      list_info: { total_count: 5, limit: 2, offset: 5 },
    });
    expect(pageOf(rows, { limit: undefined, offset: 3 })).toEqual({
      data: [4, 5],
      list_info: { total_count: 5, limit: 5, offset: 3 },
    });
  });

  it('takes an offset from the path, or none when it is not a whole number', () => {
    expect(pageFromPath('2', query('limit=1'))).toEqual({ limit: 1, offset: 2 });
    expect(pageFromPath('2', query(''))).toEqual({ limit: undefined, offset: 2 });
    expect(pageFromPath('-1', query(''))).toBeUndefined();
    expect(pageFromPath('1.0', query(''))).toBeUndefined();
    expect(pageFromPath(undefined, query(''))).toBeUndefined();
  });
});
