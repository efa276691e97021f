import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { MuiXLocalization } from '../../../lib/i18n/mui-x-localization.tsx';
import type { ReportRange } from './report-data.ts';

const DAY = 'YYYY-MM-DD';

/** The range the pickers hold, or undefined while a day is missing or invalid (an end before the begin is sent:
 * the server says why it refuses it). */
export function pickedRange(begin: Dayjs | null, end: Dayjs | null): ReportRange | undefined {
  if (!begin?.isValid() || !end?.isValid()) return undefined;
  return { begin: begin.format(DAY), end: end.format(DAY) };
}

interface ReportRangeFormProps {
  /** The range shown now (the URL's, or the default). */
  range: ReportRange;
  onSubmit: (range: ReportRange) => void;
  pending: boolean;
  /** More buttons beside "Get report" (the Excel export). */
  actions?: ReactNode;
}

/**
 * Start and end date pickers and the "Get report" button. Give it `key` by the range so it follows the URL. This
 * module is its own chunk (the page loads it lazily): the date pickers and their texts are large.
 */
export function ReportRangeForm(props: ReportRangeFormProps) {
  return (
    <MuiXLocalization>
      <RangeFields {...props} />
    </MuiXLocalization>
  );
}

function RangeFields({ range, onSubmit, pending, actions }: ReportRangeFormProps) {
  const { t } = useTranslation();
  const [begin, setBegin] = useState<Dayjs | null>(() => dayjs(range.begin));
  const [end, setEnd] = useState<Dayjs | null>(() => dayjs(range.end));
  const picked = pickedRange(begin, end);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked) onSubmit(picked);
  };
  return (
    <Stack
      component="form"
      aria-label={t('billingReport.range')}
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
    >
      <DatePicker
        label={t('billingReport.begin')}
        value={begin}
        onChange={setBegin}
        slotProps={{ textField: { size: 'small', name: 'begin' } }}
      />
      <DatePicker
        label={t('billingReport.end')}
        value={end}
        onChange={setEnd}
        slotProps={{ textField: { size: 'small', name: 'end' } }}
      />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={!picked} loading={pending}>
          {t('billingReport.submit')}
        </Button>
        {actions}
      </Stack>
    </Stack>
  );
}
