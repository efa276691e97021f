/**
 * Tables over calls that answer their whole list at once (the firmware lists, a coupon request's codes, the panel
 * management list, a panel's accounts, a report's month already in memory): the table still asks page by page
 * (limit, offset, filters), and each page is cut from the one answer by `pageOfRows`, in the contract's list
 * envelope with the number of rows that match. Two ways to keep the answer:
 *
 * - `wholeListQuery`: one query per list, each page cut by `select`, so paging never calls again; the export reads
 *   the same query without the cut (the whole answer, with no total) and so writes every row. Invalidating the
 *   call's generated key reloads the list for every page.
 * - `unpagedTableQuery`, for a list with a search: the whole answer is kept under the call's own query key (the
 *   generated `*QueryKey()`), each page under that key plus its parameters, so invalidating the call's key marks
 *   every page stale too. A page reads the whole list again from the server when it is asked for again (the table's
 *   reload, a page shown again, an invalidation after a change), when the kept answer is invalidated, or when it is
 *   older than `WHOLE_LIST_FRESH_MS`; a page not shown yet (another page, another search) is cut from the kept
 *   answer at once, without a call. The page's query makes the call itself (with its abort signal), so a failure is
 *   reported once, by the page's query.
 */
import {
  queryOptions,
  type QueryFunction,
  type QueryKey,
  type SkipToken,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { TableQueryOptions, TableQueryParams } from './table-query.ts';

/** How long a kept whole list serves pages not shown yet. */
export const WHOLE_LIST_FRESH_MS = 60_000;

/** One page of a whole list, in the contract's list envelope. */
export interface RowsPage<Row> {
  data: Row[];
  list_info: { total_count: number; limit: number; offset: number };
}

const everyRow = () => true;

/** One page of `limit` rows from `offset` out of the rows that match, with the number of rows that match. */
export function pageOfRows<Row>(
  rows: readonly Row[],
  { limit, offset }: { limit: number; offset: number },
  matches: (row: Row) => boolean = everyRow,
): RowsPage<Row> {
  const matching = rows.filter(matches);
  const start = Math.max(0, offset);
  return {
    data: matching.slice(start, start + Math.max(0, limit)),
    list_info: { total_count: matching.length, limit, offset: start },
  };
}

/** A whole list (`{ data }`), or one page of it with the number of rows. */
export interface ListAnswer<Row> {
  data: Row[];
  list_info?: { total_count: number };
}

/** The table query of a whole-list call (the generated `*Options` of the call), each page cut by `select`. */
export const wholeListQuery =
  <Row, TError, TKey extends QueryKey>(options: UseQueryOptions<ListAnswer<Row>, TError, ListAnswer<Row>, TKey>) =>
  ({ limit, offset }: TableQueryParams): TableQueryOptions<ListAnswer<Row>, TError, TKey> => ({
    ...options,
    select: (answer) => pageOfRows(answer.data, { limit, offset }),
  });

export interface WholeListOptions<TAnswer, TKey extends QueryKey> {
  queryKey: TKey;
  queryFn?: QueryFunction<TAnswer, TKey, never> | SkipToken;
}

export interface PageParams<TFilter> {
  limit: number;
  offset: number;
  filter: TFilter;
}

/**
 * The query of one page of a whole list kept apart: `rowsOf` reads the rows from the whole answer, `matches` keeps
 * those the filter wants. `filter` must be plain data (it is part of the page's query key).
 */
export function unpagedTableQuery<TAnswer, TKey extends QueryKey, Row, TFilter>(
  whole: WholeListOptions<TAnswer, TKey>,
  { limit, offset, filter }: PageParams<TFilter>,
  rowsOf: (answer: TAnswer) => readonly Row[],
  matches: (row: Row, filter: TFilter) => boolean,
) {
  const wholeKey = whole.queryKey;
  return queryOptions<RowsPage<Row>, Error, RowsPage<Row>, readonly unknown[]>({
    queryKey: [...wholeKey, { page: { limit, offset, filter } }],
    queryFn: async (context) => {
      const { client, queryKey } = context;
      const page = client.getQueryState(queryKey);
      const kept = client.getQueryState<TAnswer>(wholeKey);
      const askedAgain = page?.data !== undefined && (kept?.dataUpdatedAt ?? 0) <= page.dataUpdatedAt;
      const usable =
        kept?.data !== undefined &&
        !kept.isInvalidated &&
        !askedAgain &&
        Date.now() - kept.dataUpdatedAt < WHOLE_LIST_FRESH_MS;
      let answer: TAnswer;
      if (usable) {
        answer = kept.data as TAnswer;
      } else {
        if (typeof whole.queryFn !== 'function') throw new Error('The list call has no query function');
        answer = await whole.queryFn({ ...context, queryKey: wholeKey } as Parameters<
          QueryFunction<TAnswer, TKey, never>
        >[0]);
        client.setQueryData<TAnswer>(wholeKey as QueryKey, answer);
      }
      return pageOfRows(rowsOf(answer), { limit, offset }, (row) => matches(row, filter));
    },
  });
}
