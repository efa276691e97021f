/**
 * `/PanelTest/Rollouts/$id` (level 2, proposed): a firmware roll-out's progress. Its state and, when the
 * halt rule stopped it, why in words; each stage's progress as a stacked bar chart (its panels by state) with
 * the same figures in text beneath; the generic table of its panels filtered by state and stage; pause, resume and
 * abort, each after a confirm and with its toast. The progress is read again every few seconds while the roll-out runs
 * or is paused, and the panels' table with it; once it ended nothing is polled. Leaving the page cancels its reads.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Rollout } from '@generated/api/types.gen.ts';
import { paths } from '../../../lib/routing/paths.ts';
import type { idParams } from '../../../lib/routing/route-params.ts';
import { useRouteParams } from '../../../lib/routing/use-route-params.ts';
import { DialogForm, FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { QueryState } from '../../../shared/page/page.tsx';
import { FirmwareFrame, NotThere } from '../firmware-frame.tsx';
import { useReloadPanels, useRollout, useRolloutAction, type RolloutAction } from './api.ts';
import { haltReasonText, minutesText } from './rollout-texts.ts';
import { RolloutPanelsTable as PanelsTable } from './rollout-panels-table.tsx';
import { StagesChart } from './stages-chart.tsx';

export function RolloutPage() {
  const { t } = useTranslation();
  const { id } = useRouteParams<typeof idParams>();
  const trail = [
    { label: t('firmwareTests.list.title'), to: paths.panelTests },
    { label: t('firmwareRollouts.list.title'), to: paths.panelTestRollouts },
  ];
  const title = id === undefined ? t('firmwareRollouts.page.titleFallback') : t('firmwareRollouts.page.title', { id });
  return (
    <FirmwareFrame title={title} trail={trail}>
      {id === undefined ? (
        <NotThere text={t('firmwareRollouts.page.invalidId')} back={trail[1]!} />
      ) : (
        <RolloutLoad id={id} />
      )}
    </FirmwareFrame>
  );
}

function RolloutLoad({ id }: { id: number }) {
  const { t } = useTranslation();
  const rollout = useRollout(id);
  const reloadPanels = useReloadPanels();
  // The panels' table follows each new progress read.
  const updatedAt = rollout.dataUpdatedAt;
  useEffect(() => {
    if (updatedAt) void reloadPanels(id);
  }, [updatedAt, id]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <QueryState
      isPending={rollout.isPending}
      isError={rollout.isError}
      errorText={t('firmwareRollouts.page.loadFailed')}
      onRetry={() => void rollout.refetch()}
    >
      {rollout.data ? <RolloutView rollout={rollout.data.data} /> : null}
    </QueryState>
  );
}

const STATE_COLORS = {
  running: 'info',
  paused: 'warning',
  halted: 'error',
  aborted: 'default',
  completed: 'success',
} as const;

function RolloutView({ rollout }: { rollout: Rollout }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<RolloutAction>();
  const offered: RolloutAction[] = [
    ...(rollout.state === 'running' ? (['pause'] as const) : []),
    ...(rollout.state === 'paused' || rollout.state === 'halted' ? (['resume'] as const) : []),
    ...(rollout.state === 'running' || rollout.state === 'paused' || rollout.state === 'halted'
      ? (['abort'] as const)
      : []),
  ];
  const target =
    'dev_ids' in rollout.target
      ? t('firmwareRollouts.target.list', { count: rollout.target.dev_ids.length })
      : rollout.target.dealer_code
        ? t('firmwareRollouts.target.dealer', { code: rollout.target.dealer_code })
        : t('firmwareRollouts.target.model', { model: rollout.model_name });
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip
          label={t(`firmwareRollouts.state.${rollout.state}`)}
          color={STATE_COLORS[rollout.state]}
          data-testid="rollout-state"
        />
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {t('firmwareRollouts.page.summary', {
            model: rollout.model_name,
            version: rollout.firm_ver,
            target,
            user: rollout.started_by.name,
            time: formatDate(rollout.started_at, 'panel'),
          })}
        </Typography>
      </Stack>
      <Typography color="text.secondary">
        {t('firmwareRollouts.page.rules', {
          pause: minutesText(t, rollout.pause_minutes),
          allowed: rollout.halt.max_failed_percent,
          minutes: minutesText(t, rollout.halt.back_online_minutes),
        })}
      </Typography>
      {rollout.halt_reason ? (
        <Alert severity="error" data-testid="halt-reason">
          {haltReasonText(t, rollout.halt_reason)}
        </Alert>
      ) : null}
      {rollout.next_stage_at && rollout.state === 'running' ? (
        <Alert severity="info">
          {t('firmwareRollouts.page.nextStage', { time: formatDate(rollout.next_stage_at, 'panel') })}
        </Alert>
      ) : null}
      {offered.length ? (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {offered.map((action) => (
            <Button
              key={action}
              variant={action === 'abort' ? 'outlined' : 'contained'}
              color={action === 'abort' ? 'error' : 'primary'}
              onClick={() => setAsking(action)}
            >
              {t(`firmwareRollouts.actions.${action}.button`)}
            </Button>
          ))}
        </Stack>
      ) : null}
      <StagesChart rollout={rollout} />
      <PanelsTable rollout={rollout} />
      <ConfirmAction rollout={rollout} action={asking} onClose={() => setAsking(undefined)} />
    </Stack>
  );
}

function ConfirmAction({
  rollout,
  action,
  onClose,
}: {
  rollout: Rollout;
  action: RolloutAction | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const pause = useRolloutAction('pause');
  const resume = useRolloutAction('resume');
  const abort = useRolloutAction('abort');
  const mutation = { pause, resume, abort }[action ?? 'pause'];
  return (
    <FormDialog open={action !== undefined} onClose={onClose}>
      {action ? (
        <DialogForm
          title={t(`firmwareRollouts.actions.${action}.title`, { id: rollout.id })}
          submitLabel={t(`firmwareRollouts.actions.${action}.confirm`)}
          canSubmit
          pending={mutation.isPending}
          onSubmit={() => mutation.mutate(rollout.id, { onSuccess: onClose })}
          onCancel={onClose}
        >
          <DialogContentText>
            {t(`firmwareRollouts.actions.${action}.text`, { version: rollout.firm_ver, model: rollout.model_name })}
          </DialogContentText>
        </DialogForm>
      ) : null}
    </FormDialog>
  );
}
