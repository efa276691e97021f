/**
 * `/PanelTest/$id/test` (level 2, spec 2 §3, §4): runs test `$id` stage by stage. The stage to run is the first
 * row still without a result; OK sends result true with an empty description, error opens a modal asking what went
 * wrong and sends result false with it. After each answer the rows are read again from the server, so the progress
 * and the next stage always come from there: the page survives a reload mid-test. A finished test says so, and
 * every row stays listed below.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import type { FirmwareTest, TestResult } from '@generated/api/types.gen.ts';
import {
  getFirmwareTestListOptions,
  getFirmwareTestResultListAllOptions,
} from '@generated/api/@tanstack/react-query.gen.ts';
import { QueryState } from '../../shared/page/page.tsx';
import { paths } from '../../lib/routing/paths.ts';
import type { idParams } from '../../lib/routing/route-params.ts';
import { useRouteParams } from '../../lib/routing/use-route-params.ts';
import { useAnswerStage } from './api/firmware-changes.ts';
import { ErrorResultDialog } from './error-result-dialog.tsx';
import { FirmwareFrame, NotThere } from './firmware-frame.tsx';
import { ProgressLine } from './progress-line.tsx';
import { nextStage, testProgress } from './progress.ts';
import { ResultList } from './result-list.tsx';

export function RunTestPage() {
  const { t } = useTranslation();
  const { id: testId } = useRouteParams<typeof idParams>();
  const valid = testId !== undefined;
  const tests = useQuery({ ...getFirmwareTestListOptions(), enabled: valid });
  const test = tests.data?.data.find((candidate) => candidate.id === testId);
  const back = { label: t('firmwareTests.list.back'), to: paths.panelTests };
  const title = valid ? t('firmwareTests.run.title', { id: testId }) : t('firmwareTests.run.titleFallback');

  let content;
  if (!valid) content = <NotThere text={t('firmwareTests.invalidId')} back={back} />;
  else if (tests.isSuccess && !test) {
    content = <NotThere text={t('firmwareTests.run.unknown', { id: testId })} back={back} />;
  } else {
    content = (
      <QueryState
        isPending={tests.isPending}
        isError={tests.isError}
        errorText={t('firmwareTests.run.loadFailed')}
        onRetry={() => void tests.refetch()}
      >
        {test ? <TestRun test={test} /> : null}
      </QueryState>
    );
  }
  return (
    <FirmwareFrame
      title={title}
      trail={[{ label: t('firmwareTests.list.title'), to: paths.panelTests }]}
      maxWidth={880}
    >
      {content}
    </FirmwareFrame>
  );
}

function TestRun({ test }: { test: FirmwareTest }) {
  const { t } = useTranslation();
  const rows = useQuery(getFirmwareTestResultListAllOptions({ path: { id: test.id } }));
  const answer = useAnswerStage(test.id);
  const [failing, setFailing] = useState<TestResult>();
  const data = rows.data?.data ?? [];
  const progress = testProgress(data);
  const next = nextStage(data);
  // No answer while one is on its way or the rows are being read again: the next stage comes from the server.
  const busy = answer.isPending || rows.isFetching;
  const send = (row: TestResult, result: boolean, description: string, onDone?: () => void) =>
    answer.mutate(
      { id: row.id, description: row.description, result, result_description: description },
      { onSuccess: onDone },
    );

  return (
    <Stack spacing={2}>
      <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {t('firmwareTests.summary', { model: test.model_name, firmware: test.firmware, user: test.user_name })}
      </Typography>
      <QueryState
        isPending={rows.isPending}
        isError={rows.isError}
        isEmpty={data.length === 0}
        errorText={t('firmwareTests.report.loadFailed')}
        emptyText={t('firmwareTests.report.empty')}
        onRetry={() => void rows.refetch()}
      >
        <ProgressLine progress={progress} label={t('firmwareTests.run.progressLabel', { id: test.id })} />
        {next ? (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="current-stage">
            <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
              {t('firmwareTests.run.current', { position: next.position, total: progress.total })}
            </Typography>
            <Typography id="current-stage" component="h2" variant="h5" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
              {next.row.description}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                color="success"
                startIcon={<CheckIcon />}
                disabled={busy}
                onClick={() => send(next.row, true, '')}
              >
                {t('firmwareTests.run.ok')}
              </Button>
              <Button
                variant="contained"
                color="error"
                startIcon={<CloseIcon />}
                disabled={busy}
                onClick={() => setFailing(next.row)}
              >
                {t('firmwareTests.run.error')}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <Alert
            severity="success"
            action={
              <Button component={RouterLink} to={paths.panelTests} color="inherit">
                {t('firmwareTests.list.back')}
              </Button>
            }
          >
            {t('firmwareTests.run.finished', { passed: progress.passed, failed: progress.failed })}
          </Alert>
        )}
        <Typography component="h2" variant="h6">
          {t('firmwareTests.run.stages')}
        </Typography>
        <ResultList rows={data} label={t('firmwareTests.run.stages')} />
      </QueryState>
      <ErrorResultDialog
        row={failing}
        pending={answer.isPending}
        onSend={(description) => failing && send(failing, false, description, () => setFailing(undefined))}
        onClose={() => setFailing(undefined)}
      />
    </Stack>
  );
}
