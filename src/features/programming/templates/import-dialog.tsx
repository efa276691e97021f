/**
 * Import programming into one panel: a template file, checked whole (a refused file writes nothing), then what
 * the panel holds for its records is read and each group's changes are shown; the chosen groups (by default every
 * group that changes) are written in one job with progress and Stop. Records that do not change are not sent. If
 * the panel stops answering, the job stops and the dialog names the groups that were written.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { templateRecords } from '../../../lib/forms/settings/template-file.ts';
import { ContextFailed } from './context-failed.tsx';
import { GroupChoiceList } from './group-choice-list.tsx';
import { planWritable } from './group-plan-row.tsx';
import { ImportOutcome } from './import-outcome.tsx';
import { JobProgress } from './job-progress.tsx';
import type { PanelDialogProps } from './panel-dialog-props.ts';
import { TemplateDialog, useOpening } from './template-dialog.tsx';
import { TemplateFilePicker } from './template-file-picker.tsx';
import { writeSteps } from './template-plan.ts';
import { TemplateProblem } from './template-problem.tsx';
import { readRunner } from './template-runners.ts';
import { TemplateSummary } from './template-summary.tsx';
import { reasonText } from './template-texts.ts';
import { usePreview } from './use-preview.ts';
import { useTemplateFile } from './use-template-file.ts';
import { useWriteJob } from './use-write-job.ts';
import { missingSecrets } from '../../../lib/forms/settings/template-secrets.ts';
import { secretList } from './template-secrets-texts.ts';

function ImportBody({ devId, panelName, login, open, onClose, onExited }: PanelDialogProps & { onExited(): void }) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const file = useTemplateFile();
  const preview = usePreview();
  const writer = useWriteJob();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [lastFile, setLastFile] = useState<File>();
  const password = () => login.password;

  const choose = async (chosenFile: File) => {
    setLastFile(chosenFile);
    writer.reset();
    preview.reset();
    setChosen(new Set());
    const loaded = await file.choose(chosenFile);
    if (!loaded?.result.ok) return;
    const records = templateRecords(loaded.result.template);
    const { plans } = await preview.run(records, [devId], (held) => readRunner(password, held), loaded.context.forms);
    setChosen(new Set(plans.filter(planWritable).map((plan) => plan.group)));
  };
  const toggle = (group: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(group);
      else next.delete(group);
      return next;
    });

  const plans = preview.preview?.plans ?? [];
  const steps = writeSteps(plans, (plan) => chosen.has(plan.group));
  const chosenCount = new Set(steps.map((step) => step.group)).size;
  const write = () => {
    if (file.context && steps.length > 0) void writer.write(steps, file.context.forms, password);
  };
  const busy = preview.running || writer.running || file.reading;
  const previewStop = preview.preview?.result.panelStops.get(devId);
  // The secrets the file lacks (exported without them): not written, the panel keeps its own.
  const lacking = file.template && file.context ? missingSecrets(file.template, file.context.forms) : [];
  return (
    <TemplateDialog
      id="template-import"
      open={open}
      title={tt('programming.templates.import.title', { name: panelName })}
      busy={writer.running}
      onClose={onClose}
      onExited={onExited}
      actions={
        !preview.preview || writer.result ? null : (
          <Button variant="contained" disabled={busy || chosenCount === 0} onClick={write}>
            {tt('programming.templates.import.write', { count: chosenCount })}
          </Button>
        )
      }
    >
      <Alert severity="info">{tt('programming.templates.import.intro')}</Alert>
      <TemplateFilePicker
        label={tt('programming.templates.chooseFile')}
        fileName={file.fileName}
        disabled={busy}
        onFile={(chosenFile) => void choose(chosenFile)}
      />
      {file.contextState === 'failed' && lastFile ? <ContextFailed onRetry={() => void choose(lastFile)} /> : null}
      {file.reading ? <Alert severity="info">{tt('programming.templates.checkingFile')}</Alert> : null}
      {file.parsed && !file.parsed.ok ? (
        <TemplateProblem error={file.parsed.error} detail={file.parsed.detail} alarmNames={file.context?.alarmNames} />
      ) : null}
      {file.template ? <TemplateSummary template={file.template} targetDevId={devId} /> : null}
      {lacking.length > 0 ? (
        <Alert severity="info" data-testid="template-lacks-secrets">
          {tt('programming.templates.import.lacksSecrets', { fields: secretList(tt, lacking) })}
        </Alert>
      ) : null}
      {!writer.progress ? (
        <JobProgress
          label={tt('programming.templates.import.reading')}
          progress={preview.progress}
          running={preview.running}
          onStop={preview.stop}
          alarmNames={file.context?.alarmNames}
        />
      ) : null}
      {previewStop ? (
        <Alert severity="error">
          {tt('programming.templates.import.readStopped', {
            reason: reasonText(tt, previewStop),
          })}
        </Alert>
      ) : null}
      {preview.preview && file.context && !writer.progress ? (
        plans.some((plan) => plan.changeCount > 0) ? (
          <GroupChoiceList
            plans={plans}
            chosen={chosen}
            onToggle={toggle}
            forms={file.context.forms}
            alarmNames={file.context.alarmNames}
            disabled={busy}
          />
        ) : (
          <Alert severity="success">{tt('programming.templates.import.nothingToWrite')}</Alert>
        )
      ) : null}
      <ImportOutcome devId={devId} writer={writer} alarmNames={file.context?.alarmNames} />
    </TemplateDialog>
  );
}

export function ImportDialog(props: PanelDialogProps) {
  const { mounted, onExited } = useOpening(props.open);
  return mounted ? <ImportBody {...props} onExited={onExited} /> : null;
}
