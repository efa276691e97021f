import { describe, expect, it } from 'vitest';
import { columnsOf } from './columns.ts';
import { collectRows, exportColumns, exportFileName, exportMatrix } from './export-rows.ts';

interface Row {
  id: number;
  name: string;
}
const rowsOf = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: from + index, name: `row ${from + index}` }));

/** A server of `total` rows that answers limit/offset, counting its calls. */
function server(total: number, { withTotal = true } = {}) {
  const calls: [number, number][] = [];
  return {
    calls,
    fetchPage: async (offset: number, limit: number) => {
      calls.push([offset, limit]);
      return {
        rows: rowsOf(offset, Math.max(0, Math.min(limit, total - offset))),
        total: withTotal ? total : undefined,
      };
    },
  };
}

describe('export rows', () => {
  it('reads every matching row with pages of 1000, with progress', async () => {
    const { calls, fetchPage } = server(2345);
    const progress: unknown[] = [];
    const result = await collectRows({ fetchPage, getRowId: (row) => row.id, onProgress: (p) => progress.push(p) });
    expect(result).toMatchObject({ total: 2345, capped: false });
    expect(result.rows).toHaveLength(2345);
    expect(calls).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 1000],
    ]);
    expect(progress).toEqual([
      { fetched: 1000, expected: 2345 },
      { fetched: 2000, expected: 2345 },
      { fetched: 2345, expected: 2345 },
    ]);
  });

  it('stops at the cap and says so', async () => {
    const { calls, fetchPage } = server(25_000);
    const result = await collectRows({ fetchPage, getRowId: (row) => row.id, cap: 2500 });
    expect(result.rows).toHaveLength(2500);
    expect(result).toMatchObject({ total: 25_000, capped: true });
    expect(calls.at(-1)).toEqual([2000, 500]);
  });

  it('without a total, reads until a page comes back short', async () => {
    const { calls, fetchPage } = server(2000, { withTotal: false });
    const result = await collectRows({ fetchPage, getRowId: (row) => row.id });
    expect(result.rows).toHaveLength(2000);
    expect(result.capped).toBe(false);
    expect(calls).toHaveLength(3);
  });

  it('keeps a row once when the list shifted between two pages', async () => {
    const pages = [rowsOf(0, 3), rowsOf(2, 2)];
    const result = await collectRows({
      fetchPage: async () => ({ rows: pages.shift() ?? [], total: 5 }),
      getRowId: (row: Row) => row.id,
      pageSize: 3,
    });
    expect(result.rows.map((row) => row.id)).toEqual([0, 1, 2, 3]);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const { fetchPage } = server(5000);
    const reading = collectRows({
      fetchPage: async (offset, limit) => {
        if (offset >= 1000) controller.abort();
        return fetchPage(offset, limit);
      },
      getRowId: (row) => row.id,
      signal: controller.signal,
    });
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('writes the visible exported columns in their order', () => {
    const column = columnsOf<Row>();
    const columns = [
      column.field('name', { header: 'Name' }),
      column.custom('actions', { header: 'Actions', render: () => null }),
      column.field('id', { header: 'Id' }),
    ];
    const written = exportColumns(columns);
    expect(written.map((c) => c.header)).toEqual(['Name', 'Id']);
    expect(exportMatrix(written, rowsOf(1, 2), { yes: 'Y', no: 'N' })).toEqual([
      ['row 1', 1],
      ['row 2', 2],
    ]);
  });

  it('names the file after the table and the moment', () => {
    expect(exportFileName('users', new Date(2026, 10, 20, 9, 5))).toBe('users-2026-11-20-0905.xlsx');
    expect(exportFileName('panel users/../x', new Date(2026, 0, 2, 3, 4))).toBe('panel-users-x-2026-01-02-0304.xlsx');
    expect(exportFileName('', new Date(2026, 0, 2, 3, 4))).toBe('table-2026-01-02-0304.xlsx');
  });
});
