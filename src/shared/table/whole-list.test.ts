import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { pageOfRows, unpagedTableQuery, wholeListQuery, WHOLE_LIST_FRESH_MS } from './whole-list.ts';

interface Answer {
  data: number[];
}

/** A whole-list call that answers 1…count and counts how often the server was asked. */
function wholeList(count = 25) {
  const calls: AbortSignal[] = [];
  return {
    calls,
    options: {
      queryKey: [{ _id: 'wholeList' }] as const,
      queryFn: ({ signal }: { signal: AbortSignal }): Promise<Answer> => {
        calls.push(signal);
        return Promise.resolve({ data: Array.from({ length: count }, (_, index) => index + 1) });
      },
    },
  };
}

const even = (row: number, filter: string) => filter !== 'even' || row % 2 === 0;
const pageQuery = (list: ReturnType<typeof wholeList>, offset: number, filter = '', limit = 10) =>
  unpagedTableQuery(list.options, { limit, offset, filter }, (answer: Answer) => answer.data, even);

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

afterEach(() => vi.useRealTimers());

describe('a page of a whole list', () => {
  it('cuts the page asked for out of the rows that match, with the total that match', () => {
    const rows = Array.from({ length: 25 }, (_, index) => index + 1);
    expect(pageOfRows(rows, { limit: 10, offset: 0 })).toEqual({
      data: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      list_info: { total_count: 25, limit: 10, offset: 0 },
    });
    expect(pageOfRows(rows, { limit: 10, offset: 20 }).data).toEqual([21, 22, 23, 24, 25]);
    expect(pageOfRows(rows, { limit: 10, offset: 30 }).data).toEqual([]);
    const even = pageOfRows(rows, { limit: 5, offset: 5 }, (value) => value % 2 === 0);
    expect(even).toEqual({ data: [12, 14, 16, 18, 20], list_info: { total_count: 12, limit: 5, offset: 5 } });
  });

  it('cuts the page asked for and counts every row', () => {
    const whole = [1, 2, 3, 4, 5];
    expect(pageOfRows(whole, { limit: 2, offset: 0 })).toEqual({
      data: [1, 2],
      list_info: { total_count: 5, limit: 2, offset: 0 },
    });
    expect(pageOfRows(whole, { limit: 2, offset: 4 })).toEqual({
      data: [5],
      list_info: { total_count: 5, limit: 2, offset: 4 },
    });
    expect(pageOfRows([], { limit: 10, offset: 0 })).toEqual({
      data: [],
      list_info: { total_count: 0, limit: 10, offset: 0 },
    });
  });
});

describe('a whole list cut by the query’s select', () => {
  it('reads the list once and cuts each page from it; the uncut answer has no total', async () => {
    const client = newClient();
    const list = wholeList(5);
    const query = wholeListQuery<number, Error, typeof list.options.queryKey>(list.options);
    const second = query({ limit: 2, offset: 2, filters: {} });
    expect(second.queryKey).toEqual(list.options.queryKey);
    const whole = await client.fetchQuery(second);
    expect(whole).toEqual({ data: [1, 2, 3, 4, 5] });
    expect(second.select?.(whole)).toEqual({ data: [3, 4], list_info: { total_count: 5, limit: 2, offset: 2 } });
    expect(query({ limit: 2, offset: 4, filters: {} }).select?.(whole)?.data).toEqual([5]);
    expect(list.calls).toHaveLength(1);
  });
});

describe('a table over a call that answers its whole list', () => {
  it('reads the list once, then cuts other pages and searches from it without a call', async () => {
    const client = newClient();
    const list = wholeList();
    expect(await client.fetchQuery(pageQuery(list, 0))).toEqual({
      data: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      list_info: { total_count: 25, limit: 10, offset: 0 },
    });
    expect((await client.fetchQuery(pageQuery(list, 20))).data).toEqual([21, 22, 23, 24, 25]);
    expect(await client.fetchQuery(pageQuery(list, 0, 'even'))).toEqual({
      data: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20],
      list_info: { total_count: 12, limit: 10, offset: 0 },
    });
    expect(list.calls).toHaveLength(1);
    expect(client.getQueryData(list.options.queryKey)).toEqual({ data: expect.any(Array) });
  });

  it('keeps each page under the call’s own key, so invalidating the call reads the list again', async () => {
    const client = newClient();
    const list = wholeList();
    const first = pageQuery(list, 0);
    expect(first.queryKey.slice(0, 1)).toEqual(list.options.queryKey);
    await client.fetchQuery(first);
    await client.invalidateQueries({ queryKey: list.options.queryKey });
    expect(client.getQueryState(first.queryKey)?.isInvalidated).toBe(true);
    await client.fetchQuery(first);
    expect(list.calls).toHaveLength(2);
  });

  it('reads the list again when a page shown is asked for again (a reload)', async () => {
    const client = newClient();
    const list = wholeList();
    await client.fetchQuery(pageQuery(list, 0));
    await client.refetchQueries({ queryKey: pageQuery(list, 0).queryKey });
    expect(list.calls).toHaveLength(2);
    // Another page, not shown yet, comes from the list just read.
    await client.fetchQuery(pageQuery(list, 10));
    expect(list.calls).toHaveLength(2);
  });

  it('reads the list again for a new page once the kept list is older than a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = newClient();
    const list = wholeList();
    await client.fetchQuery(pageQuery(list, 0));
    vi.setSystemTime(Date.now() + WHOLE_LIST_FRESH_MS + 1);
    await client.fetchQuery(pageQuery(list, 10));
    expect(list.calls).toHaveLength(2);
  });

  it('passes the page query’s abort signal to the call', async () => {
    const client = newClient();
    const list = wholeList();
    await client.fetchQuery(pageQuery(list, 0));
    expect(list.calls[0]).toBeInstanceOf(AbortSignal);
  });
});
