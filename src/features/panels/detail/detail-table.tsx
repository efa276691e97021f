import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import { DETAIL_TABLE_SX } from './table-style.ts';

/**
 * A table of the detail. On a phone it may scroll sideways inside its own box, so the box takes the keyboard focus
 * (arrow keys scroll it) and is named after the table.
 */
export function DetailTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label} sx={DETAIL_TABLE_SX}>
        {children}
      </Table>
    </TableContainer>
  );
}
