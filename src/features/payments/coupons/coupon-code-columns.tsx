/** The columns of the codes modal: code, active, used by (name, e-mail), used at, and a copy button per code. */
import type { TFunction } from 'i18next';
import IconButton from '@mui/material/IconButton';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { formatDate } from '../../../shared/format/dates.ts';
import { columnsOf, type TableColumn } from '../../../shared/table/columns.ts';
import type { CodeRow } from './code-rows.ts';

const column = columnsOf<CodeRow>();

export function couponCodeColumns(t: TFunction, onCopy: (code: string) => void): TableColumn<CodeRow>[] {
  return [
    column.field('code', {
      header: t('coupons.codes.columns.code'),
      hideable: false,
      minWidth: 170,
      flex: 1,
    }),
    column.field('active', { header: t('coupons.codes.columns.active'), width: 90, minWidth: 90 }),
    column.field('userName', { header: t('coupons.codes.columns.userName'), minWidth: 150, flex: 1 }),
    column.field('userEmail', { header: t('coupons.codes.columns.userEmail'), minWidth: 200, flex: 1.2 }),
    column.field('usedTime', {
      header: t('coupons.codes.columns.usedTime'),
      minWidth: 210,
      format: (value) => formatDate(value, 'codeUsage'),
      exportValue: (row) => (row.usedTime ? new Date(row.usedTime) : null),
    }),
    column.custom('copy', {
      header: t('coupons.codes.columns.copy'),
      width: 90,
      minWidth: 90,
      align: 'center',
      render: (row) => (
        <IconButton
          size="small"
          aria-label={t('coupons.codes.copy', { code: row.code })}
          onClick={() => onCopy(row.code)}
        >
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      ),
    }),
  ];
}
