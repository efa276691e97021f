/** The props of the DataTable (data-table.tsx). */
import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { TableColumn } from './columns.ts';
import type { FilterField } from './filters.ts';
import type { ListEnvelope, TablePage, TableQueryOptions, TableQueryParams } from './table-query.ts';
import type { TableStateControl } from './use-table-state.ts';

export interface DataTableBaseProps<Row, TData, TError, TKey extends QueryKey> {
  /** The table's id: the key of its remembered column layout and the name of its export file. */
  id: string;
  /** The table's accessible name (and its export's sheet name), in the interface language. */
  label: string;
  /** The columns, built with `columnsOf<Row>()` (columns.ts). Keep the array stable (useMemo). */
  columns: readonly TableColumn<Row>[];
  getRowId: (row: Row) => string | number;
  /** The list call for a page (see table-query.ts). */
  query: (params: TableQueryParams) => TableQueryOptions<TData, TError, TKey>;
  /** Page, size and filters, and how they change: `useTableUrlState(filters)` or `useLocalTableState()`. */
  state: TableStateControl;
  /** The filter dialog's fields (none: no filter button). Keep the array stable (useMemo). */
  filters?: readonly FilterField[];
  /**
   * Opens a row's detail (double click, or Enter on a focused cell; a line under the table says so). A row that
   * also opens by a row button or menu says it there; rows without other controls open on a click too (`openOnClick`).
   */
  onOpen?: (row: Row) => void;
  /** A click on a row opens it (not only a double click): for rows with no control of their own. */
  openOnClick?: boolean;
  /** The page's buttons in the toolbar (add, reset …). */
  actions?: ReactNode;
  /** What an empty list says (the default is a general text). */
  emptyText?: string;
  /** False to offer no export. */
  exportable?: boolean;
}

/** An answer in the contract's envelope `{ data, list_info }` needs no `toPage`; any other shape does. */
export type DataTableProps<Row, TData, TError = Error, TKey extends QueryKey = QueryKey> = DataTableBaseProps<
  Row,
  TData,
  TError,
  TKey
> &
  ([TData] extends [ListEnvelope<Row>]
    ? { toPage?: (data: TData) => TablePage<Row> }
    : { toPage: (data: TData) => TablePage<Row> });
