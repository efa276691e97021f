/**
 * The rows of one page in MUI X's data grid (MIT). The grid only draws: the page is fetched by the table
 * (paginationMode "server": the grid shows every row it is given, up to 1000), its own footer, column menu, sorting
 * and filtering are off (the table's toolbar, dialogs and pagination do that), and the columns come in the order and
 * visibility of the table's layout. A double click on a row, or Enter on a focused cell, opens the row.
 */
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { cellText, type CellTexts, type TableColumn } from './columns.ts';

/** The grid accepts at most 100 as its page size in the MIT edition; in server mode it still shows every row given. */
const GRID_PAGINATION = { page: 0, pageSize: 100 } as const;

/** Cells that take their own clicks and keys (a button in an actions column) do not open the row. */
const INTERACTIVE = 'button, a, input, select, textarea, [role="button"], [role="switch"], [role="checkbox"]';
const fromControl = (target: EventTarget): boolean => target instanceof Element && target.closest(INTERACTIVE) !== null;

export function gridColumns<Row>(columns: readonly TableColumn<Row>[], texts: CellTexts): GridColDef<Row & object>[] {
  return columns.map((column) => ({
    field: column.id,
    headerName: column.header,
    ...(column.width === undefined ? { flex: column.flex ?? 1 } : { width: column.width }),
    minWidth: column.minWidth ?? 120,
    align: column.align,
    headerAlign: column.align,
    sortable: false,
    filterable: false,
    hideable: false,
    disableColumnMenu: true,
    disableReorder: true,
    valueGetter: (_value, row) => (column.value ? cellText(column.value(row), texts) : ''),
    ...(column.render ? { renderCell: ({ row }) => column.render!(row) } : {}),
  }));
}

/**
 * What an empty page says inside the grid. Plain text only: the grid's element may hold rows and headers, not a live
 * region or a button (the table says it in its own status and offers "clear filters" beside the filters in force).
 */
const EmptyText = createContext('');

function NoRows() {
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Typography sx={{ color: 'text.secondary', textAlign: 'center' }}>{useContext(EmptyText)}</Typography>
    </Stack>
  );
}

export interface TableGridProps<Row> {
  label: string;
  rows: readonly Row[];
  columns: readonly TableColumn<Row>[];
  getRowId: (row: Row) => string | number;
  loading: boolean;
  /** What an empty page says. */
  emptyText: string;
  onOpen?: (row: Row) => void;
  /** A click opens the row too (not only a double click). */
  openOnClick?: boolean;
}

export function TableGrid<Row>(props: TableGridProps<Row>) {
  const { label, rows, columns, getRowId, loading, emptyText, onOpen, openOnClick = false } = props;
  const { t } = useTranslation();
  const texts = useMemo(() => ({ yes: t('table.cell.yes'), no: t('table.cell.no') }), [t]);
  const gridCols = useMemo(() => gridColumns(columns, texts), [columns, texts]);
  return (
    <EmptyText value={emptyText}>
      <DataGrid<Row & object>
        aria-label={label}
        rows={rows as (Row & object)[]}
        columns={gridCols}
        getRowId={getRowId}
        loading={loading}
        paginationMode="server"
        paginationModel={GRID_PAGINATION}
        rowCount={rows.length}
        hideFooter
        disableColumnMenu
        disableColumnSorting
        disableColumnFilter
        disableColumnSelector
        disableRowSelectionOnClick
        slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        onRowDoubleClick={({ row }, event) => {
          if (onOpen && !openOnClick && !fromControl(event.target)) onOpen(row);
        }}
        onRowClick={({ row }, event) => {
          // A click that ends a text selection selects, it does not open.
          const selecting = Boolean(window.getSelection()?.toString());
          if (onOpen && openOnClick && !selecting && !fromControl(event.target)) onOpen(row);
        }}
        onCellKeyDown={({ row }, event) => {
          if (!onOpen || event.key !== 'Enter' || event.target !== event.currentTarget) return;
          event.defaultMuiPrevented = true;
          onOpen(row);
        }}
        sx={{
          '--DataGrid-overlayHeight': '160px',
          ...(onOpen ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}),
        }}
      />
    </EmptyText>
  );
}
