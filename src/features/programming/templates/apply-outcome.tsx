/** The apply job: progress with Stop, then per panel and group what happened, and what a stopped panel kept. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { GroupResults } from './group-results.tsx';
import { JobProgress } from './job-progress.tsx';
import type { FailureReason } from './run-job.ts';
import { groupList, reasonText, type AlarmNames } from './template-texts.ts';
import type { useWriteJob } from './use-write-job.ts';

export interface ApplyOutcomeProps {
  writer: ReturnType<typeof useWriteJob>;
  panelName(devId: number): string;
  /** The target panels the dry run found could not be programmed (left out of the job), and why. */
  notApplied?: ReadonlyMap<number, FailureReason>;
  alarmNames?: AlarmNames;
}

export function ApplyOutcome({ writer, panelName, notApplied, alarmNames }: ApplyOutcomeProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  if (!writer.progress) return null;
  const { result } = writer;
  const problems = writer.groups.some((group) => group.status !== 'written' && group.status !== 'unchanged');
  return (
    <Stack spacing={2}>
      <JobProgress
        label={tt('programming.templates.apply.applying')}
        progress={writer.progress}
        running={writer.running}
        onStop={writer.stop}
        panelName={panelName}
        alarmNames={alarmNames}
      />
      {[...(result?.panelStops ?? [])].map(([devId, reason]) => {
        const written = writer.writtenOf(devId);
        return (
          <Alert key={devId} severity="error">
            {`${panelName(devId)}: ${tt('programming.templates.result.panelStopped', { reason: reasonText(tt, reason) })} ${
              written.length > 0
                ? tt('programming.templates.result.written', { groups: groupList(tt, written) })
                : tt('programming.templates.result.noneWritten')
            }`}
          </Alert>
        );
      })}
      {[...(notApplied ?? [])].map(([devId, reason]) => (
        <Alert key={devId} severity="warning">
          {tt('programming.templates.apply.notApplied', { panel: panelName(devId), reason: reasonText(tt, reason) })}
        </Alert>
      ))}
      {result?.stopped ? <Alert severity="warning">{tt('programming.templates.result.stopped')}</Alert> : null}
      {result && !result.stopped && result.panelStops.size === 0 ? (
        problems ? (
          <Alert severity="warning">{tt('programming.templates.result.someFailed')}</Alert>
        ) : (
          <Alert severity="success">
            {tt(notApplied?.size ? 'programming.templates.apply.doneOthers' : 'programming.templates.result.done')}
          </Alert>
        )
      ) : null}
      <GroupResults label={tt('programming.templates.apply.results')} groups={writer.groups} panelName={panelName} />
    </Stack>
  );
}
