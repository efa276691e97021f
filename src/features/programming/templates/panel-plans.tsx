/**
 * The dry run: for each target panel, why it cannot be programmed (its password refused or not the installer's,
 * not connected…) or what each chosen group would change there, with the changes on demand.
 */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SettingsForm } from '@generated/settings/types.ts';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { GroupPlanRow } from './group-plan-row.tsx';
import type { FailureReason } from './run-job.ts';
import type { GroupPlan } from './template-plan.ts';
import { reasonText, type AlarmNames } from './template-texts.ts';

export interface PanelPlansProps {
  devIds: readonly number[];
  plans: readonly GroupPlan[];
  panelStops: ReadonlyMap<number, FailureReason>;
  panelName(devId: number): string;
  forms: Readonly<Record<number, SettingsForm>>;
  alarmNames?: AlarmNames;
}

export function PanelPlans({ devIds, plans, panelStops, panelName, forms, alarmNames }: PanelPlansProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  return (
    <Stack spacing={2} component="section" aria-labelledby="template-apply-dry-run">
      <Typography id="template-apply-dry-run" variant="h6" component="h3">
        {tt('programming.templates.apply.dryRunTitle')}
      </Typography>
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
