/**
 * The table's dialogs, each loaded when first opened (the filter dialog brings the date picker, about 40 kB gzip):
 * filters, columns, and the export's progress.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import CircularProgress from '@mui/material/CircularProgress';
import type { ColumnLayout } from './column-layout.ts';
import type { DialogColumn } from './column-dialog.tsx';
import type { FilterField, FilterValues } from './filters.ts';
import type { ExportState } from './use-table-export.ts';

const FilterDialog = lazy(() => import('./filter-dialog.tsx').then((m) => ({ default: m.FilterDialog })));
const ColumnDialog = lazy(() => import('./column-dialog.tsx').then((m) => ({ default: m.ColumnDialog })));
const ExportDialog = lazy(() => import('./export-dialog.tsx').then((m) => ({ default: m.ExportDialog })));

export type OpenDialog = 'filters' | 'columns' | undefined;

export interface TableDialogsProps {
  open: OpenDialog;
  onClose: () => void;
  fields: readonly FilterField[];
  filters: FilterValues;
  onFilters: (values: FilterValues) => void;
  columns: readonly DialogColumn[];
  layout: ColumnLayout;
  initialLayout: ColumnLayout;
  onLayout: (layout: ColumnLayout) => void;
  exporter: { state: ExportState; start: () => void; stop: () => void; close: () => void };
}

export function TableDialogs(props: TableDialogsProps) {
  const { open, onClose, fields, filters, onFilters, columns, layout, initialLayout, onLayout, exporter } = props;
  const { t } = useTranslation();
  const loading = (
    <CircularProgress aria-label={t('common.loading')} sx={{ position: 'fixed', top: '50%', left: '50%' }} />
  );
  return (
    <Suspense fallback={loading}>
      {open === 'filters' ? (
        <FilterDialog open fields={fields} values={filters} onApply={onFilters} onClose={onClose} />
      ) : null}
      {open === 'columns' ? (
        <ColumnDialog
          open
          columns={columns}
          layout={layout}
          initial={initialLayout}
          onApply={onLayout}
          onClose={onClose}
        />
      ) : null}
      {exporter.state.phase !== 'idle' ? (
        <ExportDialog state={exporter.state} onStop={exporter.stop} onRetry={exporter.start} onClose={exporter.close} />
      ) : null}
    </Suspense>
  );
}
