import { describe, expect, it } from 'vitest';
import type { PanelListRow } from '@generated/api/types.gen.ts';
import { flattenPanels, nextOffset, type LoadedPanelPage } from './user-panels.ts';

const row = (devId: number, description = `Panel ${devId}`): PanelListRow => ({
  id: devId,
  dev_id: devId,
  description,
  model: 'MX-8',
});
const page = (ids: number[], total: number, loadedAt = 1): LoadedPanelPage => ({
  data: ids.map((id) => row(id)),
  list_info: { total_count: total, limit: 2, offset: 0 },
  loadedAt,
});

describe('panel list pages', () => {
  it('asks the next page from the number of panels already loaded', () => {
    expect(nextOffset([page([1, 2], 5)])).toBe(2);
    expect(nextOffset([page([1, 2], 5), page([3, 4], 5)])).toBe(4);
  });

  it('stops when the server counts no more, or a page came back empty', () => {
    expect(nextOffset([page([1, 2], 5), page([3, 4], 5), page([5], 5)])).toBeUndefined();
    expect(nextOffset([page([1, 2], 5), page([], 5)])).toBeUndefined();
    expect(nextOffset([])).toBeUndefined();
  });

  it('lists each panel once, in its first place, with the newer record and its load time', () => {
    const first = page([1, 2], 4, 100);
    const second: LoadedPanelPage = { ...page([2, 3], 4, 200), data: [row(2, 'Renamed'), row(3)] };
    expect(flattenPanels([first, second]).map(({ row: r, loadedAt }) => [r.dev_id, r.description, loadedAt])).toEqual([
      [1, 'Panel 1', 100],
      [2, 'Renamed', 200],
      [3, 'Panel 3', 200],
    ]);
  });
});
