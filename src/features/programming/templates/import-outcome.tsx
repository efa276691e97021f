/** The write job of an import: progress with Stop, then what was written, and what a panel that stopped left. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { GroupResults } from './group-results.tsx';
import { JobProgress } from './job-progress.tsx';
import { groupList, reasonText, type AlarmNames } from './template-texts.ts';
import type { useWriteJob } from './use-write-job.ts';

export interface ImportOutcomeProps {
  devId: number;
  writer: ReturnType<typeof useWriteJob>;
  alarmNames?: AlarmNames;
}

export function ImportOutcome({ devId, writer, alarmNames }: ImportOutcomeProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  if (!writer.progress) return null;
  const { result } = writer;
  const stop = result?.panelStops.get(devId);
  const written = writer.writtenOf(devId);
  const failed = writer.groups.some((group) => group.status === 'failed' || group.status === 'partial');
  const writtenText =
    written.length > 0
      ? tt('programming.templates.result.written', { groups: groupList(tt, written) })
      : tt('programming.templates.result.noneWritten');
  return (
    <>
      <JobProgress
        label={tt('programming.templates.import.writing')}
        progress={writer.progress}
        running={writer.running}
        onStop={writer.stop}
        alarmNames={alarmNames}
      />
      {stop ? (
        <Alert severity="error">{`${tt('programming.templates.result.panelStopped', { reason: reasonText(tt, stop) })} ${writtenText}`}</Alert>
      ) : result?.stopped ? (
        <Alert severity="warning">{`${tt('programming.templates.result.stopped')} ${writtenText}`}</Alert>
      ) : result && failed ? (
        <Alert severity="warning">{`${tt('programming.templates.result.someFailed')} ${writtenText}`}</Alert>
      ) : result ? (
        <Alert severity="success">{tt('programming.templates.result.done')}</Alert>
      ) : null}
      <GroupResults label={tt('programming.templates.import.results')} groups={writer.groups} />
    </>
  );
}
