import {
  infiniteQueryOptions,
  useQueryClient,
  useSuspenseInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
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

const listKey = () => getUserDevicesInfiniteQueryKey({ path: { offset: 0 }, query: { limit: PANEL_PAGE_SIZE } });

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
    queryKey: listKey(),
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

export const usePanels = () => useSuspenseInfiniteQuery(panelsOptions());

/** The route's loader: the first page starts loading with the page's code. */
export const loadPanels = (queryClient: QueryClient) => queryClient.ensureInfiniteQueryData(panelsOptions());

/**
 * Reloads the list from offset 0 (after a panel is added, removed or renamed, or when a search found nothing): the
 * pages loaded beyond the first are dropped, so the reload is one call and every offset is counted afresh.
 */
export async function reloadPanels(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData<InfiniteData<LoadedPanelPage, number>>(listKey(), (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await queryClient.invalidateQueries({ queryKey: listKey(), exact: true });
}

export const useReloadPanels = () => {
  const queryClient = useQueryClient();
  return () => reloadPanels(queryClient);
};
