/**
 * The route's side of a table's view in the URL (table-search.ts): the `validateSearch` of a route that shows a
 * table. The router imports it with every route, so it stays small: it needs only the paging rules.
 */
import { DEFAULT_PAGE_SIZE, parsePage, parsePageSize, type PageSize } from './paging.ts';

/** The part of a route's search a table reads (its filters are the other scalar entries). */
export interface TableSearch {
  page?: number;
  size?: PageSize;
  [filter: string]: string | number | boolean | undefined;
}

/**
 * The `validateSearch` of a route that shows a table: page and size made valid (left out at their defaults), every
 * other plain entry kept as it is for the table's filters (the table reads only its own fields from it, each checked
 * for its kind). A route with search entries of its own validates those after it: `(s) => ({ ...validateTableSearch(s),
 * tab: … })`.
 */
export function validateTableSearch(search: Readonly<Record<string, unknown>>): TableSearch {
  const result: TableSearch = {};
  for (const [key, value] of Object.entries(search)) {
    if (key === 'page' || key === 'size') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') result[key] = value;
  }
  const page = parsePage(search.page);
  const size = parsePageSize(search.size);
  if (page !== 1) result.page = page;
  if (size !== DEFAULT_PAGE_SIZE) result.size = size;
  return result;
}
