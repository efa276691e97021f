/**
 * The dry run: for each target panel, why it cannot be programmed (its password refused or not the installer's,
 * not connected…) or what each chosen group would change there, with the changes on demand. A target that is not
 * connected can be queued for when it connects, one by one or every offline target at once.
 */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SettingsForm } from '@generated/settings/types.ts';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { GroupPlanRow } from './group-plan-row.tsx';
import type { FailureReason } from './run-job.ts';
import type { QueuedTemplate } from './queue-offline.ts';
import type { GroupPlan } from './template-plan.ts';
import { reasonText, type AlarmNames } from './template-texts.ts';

export interface PanelPlansProps {
  devIds: readonly number[];
  plans: readonly GroupPlan[];
  panelStops: ReadonlyMap<number, FailureReason>;
  panelName(devId: number): string;
  forms: Readonly<Record<number, SettingsForm>>;
  alarmNames?: AlarmNames;
  /** Queueing the offline targets: each one's state, and the action. */
  offline?: {
    state(devId: number): QueuedTemplate | 'running' | undefined;
    canQueue(devId: number): boolean;
    queue(devIds: readonly number[]): void;
    disabled: boolean;
  };
}

function OfflineTarget({ devId, offline }: { devId: number; offline: NonNullable<PanelPlansProps['offline']> }) {
  const { t } = useTranslation();
  const state = offline.state(devId);
  const outcome = state === 'running' ? undefined : state;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2">{t('programming.queue.template.offlineHint')}</Typography>
      {outcome && outcome.queued > 0 ? (
        <Alert severity="success">{t('programming.queue.template.queued', { count: outcome.queued })}</Alert>
      ) : null}
      {outcome && outcome.queued === 0 && outcome.failed === 0 ? (
        <Alert severity="info">{t('programming.queue.template.nothing')}</Alert>
      ) : null}
      {outcome && outcome.failed > 0 ? (
        <Alert severity="warning">{t('programming.queue.template.failed', { count: outcome.failed })}</Alert>
      ) : null}
      {offline.canQueue(devId) || state === 'running' ? (
        <Button
          variant="outlined"
          disabled={offline.disabled || state === 'running'}
          onClick={() => offline.queue([devId])}
        >
          {state === 'running' ? t('programming.queue.queueing') : t('programming.queue.queue')}
        </Button>
      ) : null}
    </Stack>
  );
}

export function PanelPlans({ devIds, plans, panelStops, panelName, forms, alarmNames, offline }: PanelPlansProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const offlineTargets = devIds.filter((devId) => panelStops.get(devId) === 'disconnected');
  const queueable = offline ? offlineTargets.filter(offline.canQueue) : [];
  return (
    <Stack spacing={2} component="section" aria-labelledby="template-apply-dry-run">
      <Typography id="template-apply-dry-run" variant="h6" component="h3">
        {tt('programming.templates.apply.dryRunTitle')}
      </Typography>
      {offline && queueable.length > 1 ? (
        <Button
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          disabled={offline.disabled}
          onClick={() => offline.queue(queueable)}
        >
          {t('programming.queue.template.queueAll', { count: queueable.length })}
        </Button>
      ) : null}
      {devIds.map((devId) => {
        const own = plans.filter((plan) => plan.devId === devId);
        const stop = panelStops.get(devId);
        const changes = own.reduce((sum, plan) => sum + plan.changeCount, 0);
        const headingId = `template-apply-panel-${devId}`;
        return (
          <Stack key={devId} spacing={1} component="section" aria-labelledby={headingId}>
            <Typography id={headingId} variant="subtitle1" component="h4">
              {panelName(devId)}
            </Typography>
            {stop ? (
              <Alert severity="error">
                {tt('programming.templates.apply.panelFailed', { reason: reasonText(tt, stop) })}
              </Alert>
            ) : changes === 0 && own.every((plan) => !plan.failure && !plan.skipped) ? (
              <Alert severity="success">{tt('programming.templates.apply.panelSame')}</Alert>
            ) : null}
            {stop === 'disconnected' && offline ? <OfflineTarget devId={devId} offline={offline} /> : null}
            {!stop ? (
              <List dense disablePadding aria-labelledby={headingId}>
                {own.map((plan) => (
                  <GroupPlanRow key={plan.group} plan={plan} forms={forms} alarmNames={alarmNames} headingLevel="h5" />
                ))}
              </List>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
