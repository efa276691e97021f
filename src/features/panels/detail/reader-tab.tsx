/**
 * The Reader tab (spec 2 §2): begin and end date pickers (today by default), Report and Excel, and the table of
 * card reads (name, date, keypad name, keypad type). Loaded with the tab only: the date pickers are heavy.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { MuiXLocalization } from '../../../lib/i18n/mui-x-localization.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { useCardReport, useCardReportExport, type ReportPeriod } from './api/card-report.ts';
import { DetailTable } from './detail-table.tsx';
import { NAME_CELL_SX } from './table-style.ts';

const DAY = 'YYYY-MM-DD';

/** The period the pickers hold, or undefined while a day is missing, invalid or the end is before the begin. */
export function reportPeriod(begin: Dayjs | null, end: Dayjs | null): ReportPeriod | undefined {
  if (!begin?.isValid() || !end?.isValid() || end.isBefore(begin, 'day')) return undefined;
  return { begin: begin.format(DAY), end: end.format(DAY) };
}

function ReaderReport({ devId }: { devId: number }) {
  const { t } = useTranslation();
  const [begin, setBegin] = useState<Dayjs | null>(() => dayjs());
  const [end, setEnd] = useState<Dayjs | null>(() => dayjs());
  const report = useCardReport(devId);
  const excel = useCardReportExport(devId);
  const period = reportPeriod(begin, end);
  const { mutate: runReport } = report;

  // The tab loads today's report when it opens, like every tab loads its data when selected.
  useEffect(() => {
    const today = dayjs().format(DAY);
    runReport({ begin: today, end: today });
  }, [runReport]);

  const rows = report.data ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <DatePicker
          label={t('panelDetail.reader.begin')}
          value={begin}
          onChange={setBegin}
          maxDate={end ?? undefined}
          slotProps={{ textField: { size: 'small' } }}
        />
        <DatePicker
          label={t('panelDetail.reader.end')}
          value={end}
          onChange={setEnd}
          minDate={begin ?? undefined}
          slotProps={{ textField: { size: 'small' } }}
        />
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button
            variant="contained"
            disabled={!period}
            loading={report.isPending}
            onClick={() => period && report.mutate(period)}
          >
            {t('panelDetail.reader.report')}
          </Button>
          <Button
            variant="outlined"
            disabled={!period}
            loading={excel.isPending}
            onClick={() => period && excel.mutate(period)}
          >
            {t('panelDetail.reader.excel')}
          </Button>
        </Stack>
      </Stack>
      {report.isIdle || report.isPending ? (
        <Stack sx={{ alignItems: 'center', py: 4 }} role="status">
          <CircularProgress aria-label={t('common.loading')} />
        </Stack>
      ) : report.isError ? (
        // The toast already said why; the table's place says there is nothing to show.
        <Alert severity="warning" role="status">
          {t('panelDetail.reader.none')}
        </Alert>
      ) : report.isSuccess && rows.length === 0 ? (
        <Alert severity="info">{t('panelDetail.reader.empty')}</Alert>
      ) : (
        <DetailTable label={t('panelDetail.tabs.reader')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('panelDetail.columns.name')}</TableCell>
              <TableCell>{t('panelDetail.reader.date')}</TableCell>
              <TableCell>{t('panelDetail.reader.keypad')}</TableCell>
              <TableCell>{t('panelDetail.reader.type')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={`${row.date}-${index}`} data-testid="card-read">
                <TableCell sx={NAME_CELL_SX}>{row.name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.date, 'panel')}</TableCell>
                <TableCell sx={NAME_CELL_SX}>{row.keypad_name ?? ''}</TableCell>
                <TableCell>
                  {row.keypad_type === undefined
                    ? ''
                    : t(row.keypad_type === 1 ? 'panelDetail.reader.exit' : 'panelDetail.reader.entry')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </DetailTable>
      )}
    </Stack>
  );
}

export function ReaderTab({ devId }: { devId: number }) {
  return (
    <MuiXLocalization>
      <ReaderReport devId={devId} />
    </MuiXLocalization>
  );
}
