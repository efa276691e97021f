/**
 * A table over a call that answers its whole list at once (the panel management list's `useralldevices`, a panel's
 * accounts): the table still asks page by page (limit, offset, filters), and each page is cut from the one answer.
 *
 * The whole answer is kept under the call's own query key (the generated `*QueryKey()`), each page under that key
 * plus its parameters, so invalidating the call's key marks every page stale too. A page reads the whole list again
 * from the server when it is asked for again (the table's reload, a page shown again, an invalidation after a
 * change), when the kept answer is invalidated, or when it is older than `WHOLE_LIST_FRESH_MS`; a page not shown
 * yet (another page, another search) is cut from the kept answer at once, without a call. The page's query makes
 * the call itself (with its abort signal), so a failure is reported once, by the page's query.
 */
import { queryOptions, type QueryFunction, type QueryKey, type SkipToken } from '@tanstack/react-query';
import { pageOfRows, type RowsPage } from '../panel-rows.ts';

/** How long a kept whole list serves pages not shown yet. */
export const WHOLE_LIST_FRESH_MS = 60_000;

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
 * The query of one page: `rowsOf` reads the rows from the whole answer, `matches` keeps those the filter wants.
 * `filter` must be plain data (it is part of the page's query key).
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
