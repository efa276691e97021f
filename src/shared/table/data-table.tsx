/**
 * The one table of the console's lists (spec 1 "Generic tables"; README.md beside this file shows how a page uses it):
 * server-side pages of 10…1000 rows with its own page-size select and pagination, a column dialog (show, hide,
 * reorder; remembered per table on this browser), a filter dialog (text, date, select fields, sent as the call's
 * query parameters), export of the view to Excel, and a row opened by double click or Enter. Page, size and filters
 * live in the state the page gives (`useTableUrlState`: the URL), so a view can be shared and survives a reload.
 *
 * Only a list page's lazily loaded chunk imports it (with the grid's own chunk, loaded right after it, the table costs
 * about 150 kB gzip: MUI X's data grid is the most of it).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { DataTableProps } from './data-table-props.ts';
import { visibleColumnIds } from './column-layout.ts';
import { filterParams, type FilterField } from './filters.ts';
import { pageBeyondEnd, pageForNewSize, pageInfo, pageOffset } from './page-position.ts';
import { TablePager } from './table-pager.tsx';
import { envelopePage, type TablePage } from './table-query.ts';
import { TableBody } from './table-body.tsx';
import { TableDialogs, type OpenDialog } from './table-dialogs.tsx';
import { TableToolbar } from './table-toolbar.tsx';
import { useColumnLayout } from './use-column-layout.ts';
import { useTableExport } from './use-table-export.ts';

export type { DataTableProps } from './data-table-props.ts';

const NO_FIELDS: readonly FilterField[] = [];

export function DataTable<Row, TData, TError = Error, TKey extends QueryKey = QueryKey>(
  props: DataTableProps<Row, TData, TError, TKey>,
) {
  const { id, label, columns, getRowId, query, state: control, onOpen, openOnClick, actions, emptyText } = props;
  const { filters: fields = NO_FIELDS, exportable = true } = props;
  const toPage = props.toPage ?? (envelopePage as unknown as (data: TData) => TablePage<Row>);
  const { t } = useTranslation();
  const { state, change } = control;
  const [dialog, setDialog] = useState<OpenDialog>();

  const { layout, setLayout, initial } = useColumnLayout(id, columns);
  const visible = useMemo(() => {
    const byId = new Map(columns.map((column) => [column.id, column]));
    return visibleColumnIds(layout).flatMap((columnId) => byId.get(columnId) ?? []);
  }, [columns, layout]);

  const params = useMemo(
    () => ({
      limit: state.size,
      offset: pageOffset(state.page, state.size),
      filters: filterParams(fields, state.filters),
    }),
    [fields, state],
  );
  const result = useQuery({ ...query(params), placeholderData: keepPreviousData });
  const page = result.data === undefined ? undefined : toPage(result.data);
  const rows = page?.rows ?? [];
  const info = pageInfo(state.page, state.size, rows.length, page?.total);

  // A page past the end (a shared link after rows went, a bookmark) shows the last page instead.
  const beyondEnd = result.isPlaceholderData ? undefined : pageBeyondEnd(state.page, state.size, page?.total);
  useEffect(() => {
    if (beyondEnd !== undefined) change({ page: beyondEnd, replace: true });
  }, [beyondEnd, change]);

  const exporter = useTableExport({
    tableId: id,
    label,
    columns: visible,
    fields,
    filters: state.filters,
    query,
    toPage,
    getRowId,
  });
  const filtered = Object.keys(state.filters).length > 0;
  const empty = filtered ? t('table.emptyFiltered') : (emptyText ?? t('table.empty'));
  const status = result.isFetching ? t('table.loading') : page && rows.length === 0 ? empty : '';

  return (
    <Box>
      <TableToolbar
        actions={actions}
        fields={fields}
        filters={state.filters}
        onFilters={fields.length > 0 ? () => setDialog('filters') : undefined}
        onColumns={() => setDialog('columns')}
        onExport={exportable ? exporter.start : undefined}
        onReload={() => void result.refetch()}
        onClearFilters={() => change({ filters: {} })}
        onRemoveFilter={(field) =>
          change({ filters: Object.fromEntries(Object.entries(state.filters).filter(([key]) => key !== field)) })
        }
        reloading={result.isFetching}
      />
      <Box role="status" sx={visuallyHidden}>
        {status}
      </Box>
      <TableBody
        failure={result.isError && !page ? { error: result.error } : undefined}
        onRetry={() => void result.refetch()}
        label={label}
        rows={rows}
        columns={visible}
        getRowId={getRowId}
        loading={result.isPending || result.isPlaceholderData}
        emptyText={empty}
        onOpen={onOpen}
        openOnClick={openOnClick}
      />
      {onOpen ? (
        <Typography variant="caption" color="text.secondary" data-testid="table-open-hint">
          {t(openOnClick ? 'table.openHintClick' : 'table.openHint')}
        </Typography>
      ) : null}
      <TablePager
        info={info}
        pending={page === undefined}
        onPage={(next) => change({ page: next })}
        onSize={(size) => change({ size, page: pageForNewSize(state.page, state.size, size) })}
      />
      <TableDialogs
        open={dialog}
        onClose={() => setDialog(undefined)}
        fields={fields}
        filters={state.filters}
        onFilters={(values) => {
          setDialog(undefined);
          change({ filters: values });
        }}
        columns={columns}
        layout={layout}
        initialLayout={initial}
        onLayout={(next) => {
          setDialog(undefined);
          setLayout(next);
        }}
        exporter={exporter}
      />
    </Box>
  );
}
