/**
 * Apply to other panels: the programming of this panel (read now, or a template file), the groups to apply, the
 * target panels with their passwords; "Dry run" checks each target and shows its changes (a target that cannot be
 * read says why in its own row), then "Apply" writes the changed records of every target in one tracked job, with
 * a result per panel and group, and Stop.
 */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { ApplyOutcome } from './apply-outcome.tsx';
import { ApplySource } from './apply-source.tsx';
import { GroupPicker } from './group-picker.tsx';
import { JobProgress } from './job-progress.tsx';
import type { PanelDialogProps } from './panel-dialog-props.ts';
import { PanelPlans } from './panel-plans.tsx';
import { ScrollHere } from './scroll-here.tsx';
import { TargetPanels } from './target-panels.tsx';
import { TemplateDialog, useOpening } from './template-dialog.tsx';
import { TemplateSummary } from './template-summary.tsx';
import { useApply } from './use-apply.ts';

function ApplyBody({ devId, panelName, login, open, onClose, onExited }: PanelDialogProps & { onExited(): void }) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const apply = useApply();
  const { source, preview, writer } = apply;
  const busy = preview.running || writer.running;
  const locked = busy || writer.result !== undefined;
  const alarmNames = source?.context.alarmNames;
  return (
    <TemplateDialog
      id="template-apply"
      open={open}
      title={tt('programming.templates.apply.title', { name: panelName })}
      busy={writer.running}
      onClose={onClose}
      onExited={onExited}
      actions={
        <>
          <Button variant="outlined" disabled={!apply.ready || locked} onClick={() => void apply.dryRun()}>
            {tt('programming.templates.apply.dryRun')}
          </Button>
          <Button
            variant="contained"
            disabled={!apply.dryRunCurrent || apply.applyPanels === 0 || locked}
            onClick={() => void apply.apply()}
          >
            {apply.applyPanels > 0
              ? tt('programming.templates.apply.apply', { count: apply.applyPanels })
              : tt('programming.templates.apply.applyNothing')}
          </Button>
        </>
      }
    >
      <Alert severity="info">{tt('programming.templates.apply.intro')}</Alert>
      <ApplySource
        devId={devId}
        panelName={panelName}
        password={login.password}
        disabled={locked}
        onTemplate={apply.setSource}
      />
      {source ? (
        <>
          <TemplateSummary template={source.template} />
          <GroupPicker groups={apply.sourceGroups} chosen={apply.groups} onChange={apply.setGroups} disabled={locked} />
        </>
      ) : null}
      <TargetPanels devId={devId} targets={apply.targets} onChange={apply.setTargets} disabled={locked} />
      {!writer.progress && preview.progress ? (
        <ScrollHere>
          <JobProgress
            label={tt('programming.templates.apply.checking')}
            progress={preview.progress}
            running={preview.running}
            onStop={preview.stop}
            panelName={apply.panelName}
            alarmNames={alarmNames}
          />
        </ScrollHere>
      ) : null}
      {preview.preview && !apply.dryRunCurrent && !preview.running ? (
        <Alert severity="info">{tt('programming.templates.apply.dryRunOutdated')}</Alert>
      ) : null}
      {apply.dryRunCurrent && preview.preview && source && !writer.progress ? (
        <ScrollHere block="start">
          <PanelPlans
            devIds={[...apply.targets.keys()]}
            plans={apply.plans}
            panelStops={preview.preview.result.panelStops}
            panelName={apply.panelName}
            forms={source.context.forms}
            alarmNames={alarmNames}
            offline={{
              state: (target) => apply.queued.get(target),
              canQueue: apply.canQueue,
              queue: (targets) => void apply.queueOffline(targets),
              disabled: locked,
            }}
          />
        </ScrollHere>
      ) : null}
      {writer.progress ? (
        <ScrollHere>
          <ApplyOutcome
            writer={writer}
            panelName={apply.panelName}
            notApplied={preview.preview?.result.panelStops}
            alarmNames={alarmNames}
          />
        </ScrollHere>
      ) : null}
    </TemplateDialog>
  );
}

export function ApplyDialog(props: PanelDialogProps) {
  const { mounted, onExited } = useOpening(props.open);
  return mounted ? <ApplyBody {...props} onExited={onExited} /> : null;
}
