import type { SxProps, Theme } from '@mui/material/styles';

/** The tables of the detail on a phone: tighter cells, and names that wrap between words, not inside them. */
export const DETAIL_TABLE_SX: SxProps<Theme> = {
  '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
};

export const NAME_CELL_SX: SxProps<Theme> = { minWidth: '7rem', overflowWrap: 'break-word' };
