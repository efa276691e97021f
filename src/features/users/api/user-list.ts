/**
 * The user list's call (`GET /user/getuserlist`, spec 1 §7: limit, offset, search) as the table asks for it, and the
 * route loader's prefetch of the page the URL names (the same query key, so the table finds it in the cache).
 */
import type { QueryClient } from '@tanstack/react-query';
import { getUserListOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import type { FilterField } from '../../../shared/table/filters.ts';
import { filterParams } from '../../../shared/table/filters.ts';
import { pageOffset } from '../../../shared/table/page-position.ts';
import { readTableState } from '../../../shared/table/table-search.ts';
import type { TableQueryParams } from '../../../shared/table/table-query.ts';

/** The contract's longest search text (parameter `search`, maxLength 100). */
export const USER_SEARCH_MAX_LENGTH = 100;

/** The list's filters: the contract's one, the free-text `search`. */
export const userListFilters = (searchLabel: string): FilterField[] => [
  { id: 'search', kind: 'text', label: searchLabel, maxLength: USER_SEARCH_MAX_LENGTH },
];

/** The page's call: only the contract's query parameters. */
export const userListQuery = ({ limit, offset, filters }: TableQueryParams) =>
  getUserListOptions({
    query: { limit, offset, ...(typeof filters.search === 'string' ? { search: filters.search } : {}) },
  });

/** Starts reading the page the URL's search names while the page's code loads (not awaited: the table waits). */
export function prefetchUserList(queryClient: QueryClient, search: Readonly<Record<string, unknown>>): void {
  const fields = userListFilters('');
  const state = readTableState(fields, search);
  const params = {
    limit: state.size,
    offset: pageOffset(state.page, state.size),
    filters: filterParams(fields, state.filters),
  };
  void queryClient.prefetchQuery(userListQuery(params));
}
