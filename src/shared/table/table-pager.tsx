/**
 * The table's own paging (the MIT grid refuses page sizes above 100): the page-size select (10…1000), the rows shown
 * ("11–20 of 57", announced politely) and the page buttons. Without a total from the server the buttons go as far as
 * the next page while pages come back full.
 */
import { useTranslation } from 'react-i18next';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { PageInfo } from './page-position.ts';
import { PAGE_SIZES, parsePageSize, type PageSize } from './paging.ts';

const NAV_KEYS = {
  first: 'table.paging.first',
  last: 'table.paging.last',
  next: 'table.paging.next',
  previous: 'table.paging.previous',
} as const;

export interface TablePagerProps {
  info: PageInfo;
  /** No page has arrived yet: nothing to count. */
  pending?: boolean;
  onPage: (page: number) => void;
  onSize: (size: PageSize) => void;
}

export function TablePager({ info, pending = false, onPage, onSize }: TablePagerProps) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const number = (value: number) => value.toLocaleString(i18n.language);
  const range =
    info.total === undefined
      ? t('table.paging.rangeOpen', { from: number(info.from), to: number(info.to) })
      : t('table.paging.range', { from: number(info.from), to: number(info.to), total: number(info.total) });
  const count = info.lastPage ?? (info.hasNext ? info.page + 1 : info.page);
  const known = info.lastPage !== undefined;
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, pt: 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('table.paging.pageSize')}
          value={info.size}
          onChange={(event) => onSize(parsePageSize(event.target.value))}
          slotProps={{ select: { native: true } }}
          sx={{ width: 130 }}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {number(size)}
            </option>
          ))}
        </TextField>
        <Typography variant="body2" aria-live="polite" aria-atomic>
          {pending ? '' : info.from === 0 ? t('table.paging.none') : range}
        </Typography>
      </Stack>
      <Pagination
        aria-label={t('table.paging.label')}
        count={count}
        page={Math.min(info.page, count)}
        onChange={(_event, page) => onPage(page)}
        showFirstButton={known && !narrow}
        showLastButton={known && !narrow}
        siblingCount={narrow ? 0 : 1}
        boundaryCount={1}
        size={narrow ? 'small' : 'medium'}
        getItemAriaLabel={(type, page, selected) => {
          if (type === 'page') {
            return selected
              ? t('table.paging.current', { page: number(page ?? 1) })
              : t('table.paging.page', { page: number(page ?? 1) });
          }
          return type in NAV_KEYS ? t(NAV_KEYS[type as keyof typeof NAV_KEYS]) : '';
        }}
      />
    </Stack>
  );
}
