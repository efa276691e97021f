/**
 * The signed-in user's panels, page by page (`getUserDevices`): the panel list shows them, and the programming
 * templates offer them as the panels a programming is applied to.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { getUserDevices } from '@generated/api/sdk.gen.ts';
import { getUserDevicesInfiniteQueryKey } from '@generated/api/@tanstack/react-query.gen.ts';
import type { PanelListPage, PanelListRow } from '@generated/api/types.gen.ts';

/** Panels asked for at a time: the first page and each "more panels". */
export const PANEL_PAGE_SIZE = 10;

/** A page of panels with the time it arrived (how old a panel's state is when no live message came since). */
export interface LoadedPanelPage extends PanelListPage {
  loadedAt: number;
}

export interface LoadedPanel {
  row: PanelListRow;
  loadedAt: number;
}

/** The key of the list's cache entry: changes to the panels reload it. */
export const panelListKey = () =>
  getUserDevicesInfiniteQueryKey({ path: { offset: 0 }, query: { limit: PANEL_PAGE_SIZE } });

/** Number of panels already loaded: the offset of the next page (spec 1 §9). */
export const loadedCount = (pages: readonly PanelListPage[]): number =>
  pages.reduce((sum, page) => sum + page.data.length, 0);

/** The offset of the next page, or undefined when every panel the server counts is loaded. */
export function nextOffset(pages: readonly PanelListPage[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.data.length === 0) return undefined;
  const loaded = loadedCount(pages);
  return loaded < last.list_info.total_count ? loaded : undefined;
}

/**
 * The loaded panels in order, each once. A panel added or removed between two pages shifts the offsets, so a panel
 * may come twice: it keeps its first place and the newer record.
 */
export function flattenPanels(pages: readonly LoadedPanelPage[]): LoadedPanel[] {
  const byId = new Map<number, LoadedPanel>();
  for (const page of pages) {
    for (const row of page.data) byId.set(row.dev_id, { row, loadedAt: page.loadedAt });
  }
  return [...byId.values()];
}

/** The user's panels, page by page from offset 0 ("more panels" asks from the number already loaded). */
export const panelsOptions = () =>
  infiniteQueryOptions({
    queryKey: panelListKey(),
    queryFn: async ({ pageParam, signal }): Promise<LoadedPanelPage> => {
      const { data } = await getUserDevices({
        path: { offset: pageParam },
        query: { limit: PANEL_PAGE_SIZE },
        signal,
        throwOnError: true,
      });
      return { ...data, loadedAt: Date.now() };
    },
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    // The route's loader has just fetched the list: the page does not ask again when it mounts.
    staleTime: 30_000,
  });
