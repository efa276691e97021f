/** The panel list's hooks over the user's panels (the route's loader starts the first page: src/app/page-routes.ts). */
import { useQueryClient, useSuspenseInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { panelListKey, panelsOptions, type LoadedPanelPage } from '../../../lib/panels/user-panels.ts';

export const usePanels = () => useSuspenseInfiniteQuery(panelsOptions());

/**
 * Reloads the list from offset 0 (after a panel is added, removed or renamed, or when a search found nothing): the
 * pages loaded beyond the first are dropped, so the reload is one call and every offset is counted afresh.
 */
export async function reloadPanels(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData<InfiniteData<LoadedPanelPage, number>>(panelListKey(), (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await queryClient.invalidateQueries({ queryKey: panelListKey(), exact: true });
}

export const useReloadPanels = () => {
  const queryClient = useQueryClient();
  return () => reloadPanels(queryClient);
};
