/**
 * The get-report action of the test list (spec 2 §2): every result row of the test
 * (`firmwaretestresultlistallrecords`), answered or not, with the test's progress.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { FirmwareTest } from '@generated/api/types.gen.ts';
import { getFirmwareTestResultListAllOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { QueryState } from '../../shared/page/page.tsx';
import { ProgressLine } from './progress-line.tsx';
import { testProgress } from './progress.ts';
import { ResultList } from './result-list.tsx';

export function ReportDialog({ test: asked, onClose }: { test: FirmwareTest | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // The test shown stays while the dialog closes, so the closing dialog keeps its title and rows.
  const [test, setTest] = useState(asked);
  if (asked && asked !== test) setTest(asked);
  return (
    <Dialog
      open={asked !== undefined}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="firmware-report-title"
    >
      {test ? <Report test={test} /> : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Report({ test }: { test: FirmwareTest }) {
  const { t } = useTranslation();
  const rows = useQuery(getFirmwareTestResultListAllOptions({ path: { id: test.id } }));
  const data = rows.data?.data ?? [];
  return (
    <>
      <DialogTitle id="firmware-report-title">{t('firmwareTests.report.title', { id: test.id })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {t('firmwareTests.summary', { model: test.model_name, firmware: test.firmware, user: test.user_name })}
        </DialogContentText>
        <QueryState
          isPending={rows.isPending}
          isError={rows.isError}
          isEmpty={data.length === 0}
          errorText={t('firmwareTests.report.loadFailed')}
          emptyText={t('firmwareTests.report.empty')}
          onRetry={() => void rows.refetch()}
        >
          <ProgressLine progress={testProgress(data)} label={t('firmwareTests.report.progress', { id: test.id })} />
          <ResultList rows={data} label={t('firmwareTests.report.rows', { id: test.id })} />
        </QueryState>
      </DialogContent>
    </>
  );
}
