/**
 * Export programming: reads every group and record of the panel (progress, Stop, the result of each group), then
 * offers the template file. Groups that could not be read are named and left out of the file.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { templateFileName, templateGroupNumbers, templateJson } from '../../../lib/forms/settings/template-file.ts';
import { ContextFailed } from './context-failed.tsx';
import { saveFile } from '../../../shared/files/save-file.ts';
import { GroupResults } from './group-results.tsx';
import { JobProgress } from './job-progress.tsx';
import type { PanelDialogProps } from './panel-dialog-props.ts';
import { TemplateDialog, useOpening } from './template-dialog.tsx';
import { groupList, reasonText } from './template-texts.ts';
import { useReadProgramming } from './use-read-programming.ts';
import { missingSecrets, withoutSecrets } from '../../../lib/forms/settings/template-secrets.ts';
import { secretList } from './template-secrets-texts.ts';

function ExportBody({ devId, panelName, login, open, onClose, onExited }: PanelDialogProps & { onExited(): void }) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const reading = useReadProgramming({ devId, panelName, password: login.password });
  const started = useRef(false);
  const { start } = reading;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  const { template: read, finished, notRead } = reading;
  // Secrets (the contract's x-secret-fields) stay out of the file unless the person ticks the box and is warned.
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const forms = reading.context?.forms;
  // Without the forms to name them, nothing is offered but the whole file the person chose to include secrets in.
  const template = read && (includeSecrets ? read : forms ? withoutSecrets(read, forms) : undefined);
  const leftOut = template && forms && !includeSecrets ? missingSecrets(template, forms) : [];
  const fileGroups = template ? templateGroupNumbers(template) : [];
  const download = () => {
    if (template) saveFile(templateJson(template), templateFileName(devId, new Date()), 'application/json');
  };
  return (
    <TemplateDialog
      id="template-export"
      open={open}
      title={tt('programming.templates.export.title', { name: panelName })}
      onClose={onClose}
      onExited={onExited}
      actions={
        <Button variant="contained" startIcon={<FileDownloadIcon />} disabled={!template} onClick={download}>
          {fileGroups.length > 0
            ? tt('programming.templates.export.download', { count: fileGroups.length })
            : tt('programming.templates.export.downloadNothing')}
        </Button>
      }
    >
      <Alert severity="info">{tt('programming.templates.export.intro')}</Alert>
      {reading.contextState === 'failed' ? <ContextFailed onRetry={() => void reading.start()} /> : null}
      <JobProgress
        label={tt('programming.templates.export.reading')}
        progress={reading.progress}
        running={reading.running}
        onStop={reading.stop}
        alarmNames={reading.context?.alarmNames}
      />
      {reading.panelStop ? (
        <Alert severity="error">
          {tt('programming.templates.export.panelStopped', { reason: reasonText(tt, reading.panelStop) })}
        </Alert>
      ) : null}
      {reading.stopped ? <Alert severity="warning">{tt('programming.templates.result.stopped')}</Alert> : null}
      {finished && notRead.length > 0 && template ? (
        <Alert severity="warning">
          {tt('programming.templates.export.leftOut', { groups: groupList(tt, notRead) })}
        </Alert>
      ) : null}
      {finished && !template ? <Alert severity="error">{tt('programming.templates.export.nothingRead')}</Alert> : null}
      {finished && template ? (
        <Alert severity="success">{tt('programming.templates.export.ready', { count: fileGroups.length })}</Alert>
      ) : null}
      {finished && template ? (
        <FormControlLabel
          control={<Checkbox checked={includeSecrets} onChange={(_event, on) => setIncludeSecrets(on)} />}
          label={tt('programming.templates.export.includeSecrets')}
        />
      ) : null}
      {finished && template && includeSecrets ? (
        <Alert severity="warning" data-testid="template-secrets-warning">
          {tt('programming.templates.export.secretsWarning')}
        </Alert>
      ) : null}
      {finished && leftOut.length > 0 ? (
        <Alert severity="info" data-testid="template-secrets-left-out">
          {tt('programming.templates.export.secretsLeftOut', { fields: secretList(tt, leftOut) })}
        </Alert>
      ) : null}
      <GroupResults label={tt('programming.templates.export.results')} groups={reading.groups} />
    </TemplateDialog>
  );
}

export function ExportDialog(props: PanelDialogProps) {
  const { mounted, onExited } = useOpening(props.open);
  return mounted ? <ExportBody {...props} onExited={onExited} /> : null;
}
