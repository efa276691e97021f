import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/page/page.tsx';
import { DetailTable } from './detail-table.tsx';

/** What a record table reads of its list's query. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface RecordTableProps {
  query: ListQuery;
  isEmpty: boolean;
  /** The table's name (the tab's), the text when the list cannot be read, and when it holds nothing. */
  label: string;
  errorText: string;
  emptyText: string;
  /** The headers of the columns after the number and the name. */
  columns?: readonly string[];
  /** Whether the rows end with an actions cell (its header named for screen readers only). */
  actions?: boolean;
  /** The rows. */
  rows: ReactNode;
  /** What follows the table once the list is read (a note, the tab's dialogs). */
  children?: ReactNode;
}

/**
 * A tab's table of a panel's records (zones, outputs, users, keypads): the list's loading, error and empty states,
 * the number and name columns, the tab's own columns, and the actions column when the rows have actions.
 */
export function RecordTable({
  query,
  isEmpty,
  label,
  errorText,
  emptyText,
  columns = [],
  actions,
  rows,
  children,
}: RecordTableProps) {
  const { t } = useTranslation();
  return (
    <QueryState
      isPending={query.isPending}
      isError={query.isError}
      isEmpty={isEmpty}
      errorText={errorText}
      emptyText={emptyText}
      onRetry={() => void query.refetch()}
    >
      <DetailTable label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('panelDetail.columns.number')}</TableCell>
            <TableCell>{t('panelDetail.columns.name')}</TableCell>
            {columns.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
            {actions && (
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('panelDetail.columns.actions')}
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>{rows}</TableBody>
      </DetailTable>
      {children}
    </QueryState>
  );
}
