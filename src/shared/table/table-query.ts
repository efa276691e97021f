/**
 * How a table asks for its rows: the page gives a function from the table's parameters (limit, offset and the
 * filters' query parameters) to the TanStack Query options of its list call, usually the generated `*Options` of
 * the call (which passes the query's abort signal, so a page left or a view changed cancels its read):
 *
 *   query={({ limit, offset, filters }) => getUserListOptions({ query: { limit, offset, ...filters } })}
 *
 * The answer is read as the contract's list envelope `{ data, list_info: { total_count } }` unless the table gets
 * `toPage` for another shape (a plain array: `toPage={(rows) => ({ rows, total: rows.length })}`).
 */
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { FilterParams } from './filters.ts';

export interface TableQueryParams {
  /** The page size. */
  limit: number;
  /** Zero-based position of the first row: (page − 1) × limit. */
  offset: number;
  /** The query parameters of the filters in force (absent when off). */
  filters: FilterParams;
}

/** One page of rows as the table reads it from an answer. */
export interface TablePage<Row> {
  rows: readonly Row[];
  /** Total rows matching the filters, when the server says it. */
  total: number | undefined;
}

export type TableQueryOptions<TData, TError = Error, TKey extends QueryKey = QueryKey> = UseQueryOptions<
  TData,
  TError,
  TData,
  TKey
>;

/** The contract's paged answer (`{ data, list_info }`, see ListInfo in generated/api/types.gen.ts). */
export interface ListEnvelope<Row> {
  data: readonly Row[];
  list_info?: { total_count: number };
}

export const envelopePage = <Row>(answer: ListEnvelope<Row>): TablePage<Row> => ({
  rows: answer.data,
  total: answer.list_info?.total_count,
});
