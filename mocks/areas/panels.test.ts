import { describe, expect, it } from 'vitest';
import { pageFromPath } from '../db/paging.ts';
import { pagePanels } from './panels.ts';

const all = { data: [1, 2, 3, 4].map((dev_id) => ({ dev_id })), list_info: { total_count: 4, limit: 10, offset: 0 } };
const paged = (offset: number, limit: number) =>
  JSON.parse(
    pagePanels(
      Buffer.from(JSON.stringify(all)),
      pageFromPath(String(offset), new URLSearchParams({ limit: String(limit) })),
    ).toString('utf8'),
  ) as typeof all;

describe('the panels area pages the panel list', () => {
  it('answers the page of offset and limit, counting every panel', () => {
    expect(paged(0, 2)).toEqual({
      data: [{ dev_id: 1 }, { dev_id: 2 }],
      list_info: { total_count: 4, limit: 2, offset: 0 },
    });
    expect(paged(2, 2).data).toEqual([{ dev_id: 3 }, { dev_id: 4 }]);
    expect(paged(4, 2)).toEqual({ data: [], list_info: { total_count: 4, limit: 2, offset: 4 } });
  });

  it('runs to the end without a valid limit', () => {
    expect(paged(1, Number.NaN).data).toHaveLength(3);
  });
});
