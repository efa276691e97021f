/**
 * The part of the table under its toolbar: the grid, or why the page could not be read (with a retry). The grid itself
 * (MUI X, about 120 kB gzip) is its own chunk: the page paints its toolbar, pager and a placeholder while the grid's
 * code arrives, in parallel with the first page's rows.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { ErrorWithRetry } from '../page/error-with-retry.tsx';
import { useTableEnvironment } from './table-environment.tsx';
import type { TableGrid as TableGridComponent, TableGridProps } from './table-grid.tsx';

const TableGrid = lazy(() =>
  import('./table-grid.tsx').then((m) => ({ default: m.TableGrid })),
) as unknown as typeof TableGridComponent;

/** Where the grid will be, while its code arrives. */
function GridPlaceholder() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <CircularProgress aria-label={t('table.loading')} />
    </Box>
  );
}

export interface TableBodyProps<Row> extends TableGridProps<Row> {
  /** The failure of the page's read, when there is no page to show. */
  failure: { error: unknown } | undefined;
  onRetry: () => void;
}

export function TableBody<Row>({ failure, onRetry, ...grid }: TableBodyProps<Row>) {
  const { t } = useTranslation();
  const { describeError } = useTableEnvironment();
  if (failure) {
    return (
      <ErrorWithRetry onRetry={onRetry}>
        {t('table.error')} {describeError?.(failure.error) ?? ''}
      </ErrorWithRetry>
    );
  }
  return (
    // A flex column lets the grid grow with its rows up to the maximum height, then scroll inside (virtualised).
    <Box
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 220, maxHeight: 'max(420px, calc(100dvh - 260px))' }}
    >
      <Suspense fallback={<GridPlaceholder />}>
        <TableGrid {...grid} />
      </Suspense>
    </Box>
  );
}
