/**
 * The bar above a table: the page's own actions (add, reset …) first, then the table's tools (filters with the count
 * in force, columns, export, reload), and under it the filters in force as chips (Delete or Backspace on a chip, or
 * its cross, turns that filter off) with a button that clears them all.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FilterListIcon from '@mui/icons-material/FilterList';
import RefreshIcon from '@mui/icons-material/Refresh';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { formatDate } from '../format/dates.ts';
import { filterDisplay, type FilterField, type FilterValues } from './filters.ts';

export interface TableToolbarProps {
  actions?: ReactNode;
  fields: readonly FilterField[];
  filters: FilterValues;
  onFilters?: () => void;
  onColumns: () => void;
  onExport?: () => void;
  onReload: () => void;
  onRemoveFilter: (id: string) => void;
  onClearFilters: () => void;
  reloading: boolean;
}

export function TableToolbar(props: TableToolbarProps) {
  const {
    actions,
    fields,
    filters,
    onFilters,
    onColumns,
    onExport,
    onReload,
    onRemoveFilter,
    onClearFilters,
    reloading,
  } = props;
  const { t } = useTranslation();
  const active = fields.filter((field) => filters[field.id] !== undefined);
  return (
    <Box sx={{ mb: 1 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {actions}
        <Box sx={{ flexGrow: 1 }} />
        {onFilters ? (
          <Button onClick={onFilters} aria-haspopup="dialog" startIcon={<FilterListIcon />}>
            {active.length > 0
              ? t('table.toolbar.filtersActive', { count: active.length })
              : t('table.toolbar.filters')}
          </Button>
        ) : null}
        <Button onClick={onColumns} aria-haspopup="dialog" startIcon={<ViewColumnIcon />}>
          {t('table.toolbar.columns')}
        </Button>
        {onExport ? (
          <Button onClick={onExport} startIcon={<FileDownloadIcon />}>
            {t('table.toolbar.export')}
          </Button>
        ) : null}
        <Tooltip title={t('table.toolbar.reload')}>
          <IconButton onClick={onReload} aria-busy={reloading}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {active.length > 0 ? (
        <Stack
          component="ul"
          aria-label={t('table.filters.inForce')}
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}
        >
          {active.map((field) => {
            const value = filters[field.id]!;
            const shown = field.kind === 'date' ? formatDate(value, 'day') : filterDisplay(field, value);
            return (
              <li key={field.id}>
                <Chip
                  size="small"
                  label={`${field.label}: ${shown}`}
                  onDelete={() => onRemoveFilter(field.id)}
                  aria-description={t('table.filters.removeHint')}
                />
              </li>
            );
          })}
          <li>
            <Button size="small" onClick={onClearFilters}>
              {t('table.filters.clear')}
            </Button>
          </li>
        </Stack>
      ) : null}
    </Box>
  );
}
