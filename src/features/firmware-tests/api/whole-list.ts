/**
 * The firmware lists come whole (models, a model's versions and stages, the tests: unpaged arrays in `{ data }`),
 * while the console's table asks page by page. One query per list, each page cut from it (`select`, which adds the
 * number of rows), so paging never calls again; the export reads the same query without the cut and so writes
 * every row. Invalidating the call's generated key reloads the list for every page.
 */
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { TableQueryOptions, TableQueryParams } from '../../../shared/table/table-query.ts';

/** A whole list, or one page of it with the number of rows. */
export interface ListAnswer<Row> {
  data: Row[];
  list_info?: { total_count: number };
}

export const pageOf = <Row>(answer: ListAnswer<Row>, limit: number, offset: number): ListAnswer<Row> => ({
  data: answer.data.slice(offset, offset + limit),
  list_info: { total_count: answer.list_info?.total_count ?? answer.data.length },
});

/** The table query of a whole-list call (the generated `*Options` of the call). */
export const wholeListQuery =
  <Row, TError, TKey extends QueryKey>(options: UseQueryOptions<ListAnswer<Row>, TError, ListAnswer<Row>, TKey>) =>
  ({ limit, offset }: TableQueryParams): TableQueryOptions<ListAnswer<Row>, TError, TKey> => ({
    ...options,
    select: (answer) => pageOf(answer, limit, offset),
  });
