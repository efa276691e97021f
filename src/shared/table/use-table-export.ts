/**
 * The export of a table's current view to an Excel file (export-rows.ts says what it holds): every row matching the
 * filters, read through the page's own query with the largest page size, with progress, and stoppable. Each read is
 * the page's query (so it carries the abort signal, the gateway's time-out and its failure message); stopping
 * cancels the read under way.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { formatDate } from '../format/dates.ts';
import type { TableColumn } from './columns.ts';
import { saveFile } from '../files/save-file.ts';
import { writeWorkbook, XLSX_TYPE } from './excel-file.ts';
import { collectRows, exportColumns, exportFileName, exportMatrix } from './export-rows.ts';
import { filterDisplay, filterParams, type FilterField, type FilterValues } from './filters.ts';
import type { TablePage, TableQueryOptions, TableQueryParams } from './table-query.ts';

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'reading'; fetched: number; expected: number | undefined }
  | { phase: 'writing'; count: number }
  | { phase: 'done'; count: number; total: number | undefined; capped: boolean }
  | { phase: 'failed'; error: unknown };

export interface TableExportOptions<Row, TData, TError, TKey extends QueryKey> {
  tableId: string;
  label: string;
  columns: readonly TableColumn<Row>[];
  fields: readonly FilterField[];
  filters: FilterValues;
  query: (params: TableQueryParams) => TableQueryOptions<TData, TError, TKey>;
  toPage: (data: TData) => TablePage<Row>;
  getRowId: (row: Row) => string | number;
}

export function useTableExport<Row, TData, TError, TKey extends QueryKey>(
  options: TableExportOptions<Row, TData, TError, TKey>,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const running = useRef<{ controller: AbortController; key?: QueryKey }>(undefined);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  /** Ends the export under way: no more reads, and the read under way is cancelled (its call aborted). */
  const cancel = useCallback(() => {
    const current = running.current;
    running.current = undefined;
    if (!current) return;
    current.controller.abort();
    if (current.key) void queryClient.cancelQueries({ queryKey: current.key, exact: true });
  }, [queryClient]);

  const stop = useCallback(() => {
    cancel();
    setState({ phase: 'idle' });
  }, [cancel]);

  // Leaving the page stops an export under way.
  useEffect(() => cancel, [cancel]);

  const start = useCallback(async () => {
    const { tableId, label, columns, fields, filters, query, toPage, getRowId } = latest.current;
    const controller = new AbortController();
    const run = { controller, key: undefined as QueryKey | undefined };
    running.current = run;
    const params = filterParams(fields, filters);
    const texts = { yes: t('table.cell.yes'), no: t('table.cell.no') };
    setState({ phase: 'reading', fetched: 0, expected: undefined });
    try {
      const collected = await collectRows({
        signal: controller.signal,
        getRowId,
        fetchPage: async (offset, limit) => {
          const options = query({ limit, offset, filters: params });
          run.key = options.queryKey;
          return toPage(await queryClient.fetchQuery({ ...options, staleTime: 0, gcTime: 0 }));
        },
        onProgress: ({ fetched, expected }) => {
          if (running.current === run) setState({ phase: 'reading', fetched, expected });
        },
      });
      if (running.current !== run) return;
      if (collected.rows.length === 0) {
        running.current = undefined;
        setState({ phase: 'done', count: 0, total: collected.total, capped: false });
        return;
      }
      setState({ phase: 'writing', count: collected.rows.length });
      const written = exportColumns(columns);
      const bytes = await writeWorkbook({
        name: label,
        headers: written.map((column) => column.header),
        rows: exportMatrix(written, collected.rows, texts),
        filters: fields
          .filter((field) => filters[field.id] !== undefined)
          .map((field) => {
            const value = filters[field.id]!;
            return [field.label, field.kind === 'date' ? formatDate(value, 'day') : filterDisplay(field, value)];
          }),
        filterSheet: {
          name: t('table.export.filterSheet'),
          field: t('table.export.field'),
          value: t('table.export.value'),
        },
      });
      if (running.current !== run) return;
      saveFile(bytes, exportFileName(tableId, new Date()), XLSX_TYPE);
      running.current = undefined;
      setState({ phase: 'done', count: collected.rows.length, total: collected.total, capped: collected.capped });
    } catch (error) {
      if (running.current !== run) return;
      running.current = undefined;
      setState({ phase: 'failed', error });
    }
  }, [queryClient, t]);

  const close = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, start: () => void start(), stop, close };
}
