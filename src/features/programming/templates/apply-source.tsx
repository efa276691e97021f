/**
 * The programming to apply: read from this panel now (progress, Stop; groups that cannot be read are left out),
 * or a template file (checked whole; a refused file gives nothing to apply).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import type { ProgrammingTemplate } from '../../../lib/forms/settings/template-file.ts';
import { ContextFailed } from './context-failed.tsx';
import { JobProgress } from './job-progress.tsx';
import type { TemplateContext } from './template-context.ts';
import { TemplateFilePicker } from './template-file-picker.tsx';
import { TemplateProblem } from './template-problem.tsx';
import { groupList } from './template-texts.ts';
import { useReadProgramming } from './use-read-programming.ts';
import { useTemplateFile } from './use-template-file.ts';

export interface ApplySourceProps {
  devId: number;
  panelName: string;
  password: string;
  disabled?: boolean;
  /** A new source was chosen (undefined until it is usable). */
  onTemplate(source: { template: ProgrammingTemplate; context: TemplateContext } | undefined): void;
}

export function ApplySource({ devId, panelName, password, disabled, onTemplate }: ApplySourceProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const reading = useReadProgramming({ devId, panelName, password });
  const file = useTemplateFile();
  const [lastFile, setLastFile] = useState<File>();
  const [mode, setMode] = useState<'panel' | 'file'>();
  const busy = disabled || reading.running || file.reading;

  const readPanel = async () => {
    setMode('panel');
    onTemplate(undefined);
    onTemplate(await reading.start());
  };
  const chooseFile = async (chosen: File) => {
    setLastFile(chosen);
    setMode('file');
    onTemplate(undefined);
    const loaded = await file.choose(chosen);
    onTemplate(loaded?.result.ok ? { template: loaded.result.template, context: loaded.context } : undefined);
  };
  return (
    <Stack spacing={2} component="section" aria-labelledby="template-apply-source">
      <Typography id="template-apply-source" variant="h6" component="h3">
        {tt('programming.templates.apply.source')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="outlined" disabled={busy} onClick={() => void readPanel()}>
          {tt('programming.templates.apply.readThisPanel', { name: panelName })}
        </Button>
        <TemplateFilePicker
          label={tt('programming.templates.chooseFile')}
          fileName={mode === 'file' ? file.fileName : undefined}
          disabled={busy}
          onFile={(chosen) => void chooseFile(chosen)}
        />
      </Stack>
      {reading.contextState === 'failed' ? <ContextFailed onRetry={() => void readPanel()} /> : null}
      {file.contextState === 'failed' && lastFile ? <ContextFailed onRetry={() => void chooseFile(lastFile)} /> : null}
      {mode === 'panel' ? (
        <JobProgress
          label={tt('programming.templates.export.reading')}
          progress={reading.progress}
          running={reading.running}
          onStop={reading.stop}
          alarmNames={reading.context?.alarmNames}
        />
      ) : null}
      {mode === 'panel' && reading.finished && reading.notRead.length > 0 ? (
        <Alert severity="warning">
          {tt('programming.templates.apply.notRead', { groups: groupList(tt, reading.notRead) })}
        </Alert>
      ) : null}
      {mode === 'panel' && reading.finished && !reading.template ? (
        <Alert severity="error">{tt('programming.templates.export.nothingRead')}</Alert>
      ) : null}
      {file.reading ? <Alert severity="info">{tt('programming.templates.checkingFile')}</Alert> : null}
      {mode === 'file' && file.parsed && !file.parsed.ok ? (
        <TemplateProblem error={file.parsed.error} detail={file.parsed.detail} alarmNames={file.context?.alarmNames} />
      ) : null}
    </Stack>
  );
}
