/**
 * The panel management list's call (`GET command/devices/useralldevices`, the contract's list for panel management:
 * every panel, unpaged) as the table asks for it, page by page with its search (shared/table/whole-list.ts), and the route
 * loader's prefetch of the page the URL names (the same query key, so the table finds it in the cache).
 */
import type { QueryClient } from '@tanstack/react-query';
import { getUserAllDevicesOptions, getUserAllDevicesQueryKey } from '@generated/api/@tanstack/react-query.gen.ts';
import type { PanelListAll } from '@generated/api/types.gen.ts';
import { filterParams, type FilterField } from '../../../shared/table/filters.ts';
import { pageOffset } from '../../../shared/table/page-position.ts';
import { readTableState } from '../../../shared/table/table-search.ts';
import type { TableQueryParams } from '../../../shared/table/table-query.ts';
import { matchesPanel } from '../panel-rows.ts';
import { unpagedTableQuery } from '../../../shared/table/whole-list.ts';

/** Longest search text (the same bound as the contract's other searches). */
export const PANEL_SEARCH_MAX_LENGTH = 100;

/** The list's one filter: a text matched against device id, description, model and firmware. */
export const panelListFilters = (searchLabel: string): FilterField[] => [
  { id: 'search', kind: 'text', label: searchLabel, maxLength: PANEL_SEARCH_MAX_LENGTH },
];

const rowsOf = (answer: PanelListAll) => answer.data;

export const panelListQuery = ({ limit, offset, filters }: TableQueryParams) =>
  unpagedTableQuery(
    getUserAllDevicesOptions(),
    { limit, offset, filter: typeof filters.search === 'string' ? filters.search : '' },
    rowsOf,
    matchesPanel,
  );

/** Every page of the list (and the kept whole list): what a change invalidates so the list reads again. */
export const panelListKey = () => getUserAllDevicesQueryKey();

/** Reads the list again (after a state change or a copy); the page shown refetches from the server. */
export const reloadPanelList = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: panelListKey() });

/** Starts reading the page the URL's search names while the page's code loads (not awaited: the table waits). */
export function prefetchPanelList(queryClient: QueryClient, search: Readonly<Record<string, unknown>>): void {
  const fields = panelListFilters('');
  const state = readTableState(fields, search);
  const params = {
    limit: state.size,
    offset: pageOffset(state.page, state.size),
    filters: filterParams(fields, state.filters),
  };
  void queryClient.prefetchQuery(panelListQuery(params));
}
