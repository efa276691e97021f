/**
 * A table's view in the URL: `?page=2&size=25&name=ali&type=1`. Page and size are left out at their defaults (page
 * 1, size 10); each filter in force is one entry named by its field id. So a view can be shared and survives a
 * reload, and the browser's back button goes back through the pages. The route's side is route-search.ts.
 */
import { readFilters, filterSearch, sameFilters, type FilterField, type FilterValues } from './filters.ts';
import { DEFAULT_PAGE_SIZE, parsePage, parsePageSize, type PageSize } from './paging.ts';

/** What the table shows: page (from 1), page size and the filters in force. */
export interface TableState {
  page: number;
  size: PageSize;
  filters: FilterValues;
}

export const initialTableState: TableState = { page: 1, size: DEFAULT_PAGE_SIZE, filters: {} };

/** The table's state from the URL's search, with only its own filter fields. */
export const readTableState = (
  fields: readonly FilterField[],
  search: Readonly<Record<string, unknown>>,
): TableState => ({
  page: parsePage(search.page),
  size: parsePageSize(search.size),
  filters: readFilters(fields, search),
});

/**
 * The search entries that write a new state into the URL, merged over the current search (other entries stay):
 * defaults and filters that are off are undefined, which removes them.
 */
export function tableSearchPatch(
  fields: readonly FilterField[],
  state: TableState,
): Record<string, string | number | boolean | undefined> {
  return {
    ...filterSearch(fields, state.filters),
    page: state.page > 1 ? state.page : undefined,
    size: state.size !== DEFAULT_PAGE_SIZE ? state.size : undefined,
  };
}

/** The next state for a change: new filters or a new page size start from page 1 (the old page may not exist). */
export function nextTableState(state: TableState, change: Partial<TableState>): TableState {
  const filtersChanged = change.filters !== undefined && !sameFilters(change.filters, state.filters);
  const sizeChanged = change.size !== undefined && change.size !== state.size;
  return {
    page: filtersChanged || sizeChanged ? (change.page ?? 1) : (change.page ?? state.page),
    size: change.size ?? state.size,
    filters: change.filters ?? state.filters,
  };
}

export const sameTableState = (a: TableState, b: TableState): boolean =>
  a.page === b.page && a.size === b.size && sameFilters(a.filters, b.filters);
