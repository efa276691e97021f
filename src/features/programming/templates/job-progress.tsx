/** A job's progress: a bar with "n of m", the step under way, and Stop while it runs. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import type { JobProgress as Progress, JobStep } from './run-job.ts';
import { groupRecordLabel, type AlarmNames } from './template-texts.ts';

export interface JobProgressProps {
  /** What the job does ("Reading the programming"), the bar's name. */
  label: string;
  progress: Progress<JobStep> | undefined;
  running: boolean;
  onStop?(): void;
  /** Names the panel of the step under way, when the job covers several. */
  panelName?(devId: number): string;
  alarmNames?: AlarmNames;
}

export function JobProgress({ label, progress, running, onStop, panelName, alarmNames }: JobProgressProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  if (!progress) return null;
  const { done, total, current } = progress;
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  const counted = tt('programming.templates.progress.count', { done, total });
  const step = current ? groupRecordLabel(tt, current.group, current.record, alarmNames) : '';
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>
          <LinearProgress variant="determinate" value={percent} aria-label={label} aria-valuetext={counted} />
        </Box>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {counted}
        </Typography>
        {running && onStop ? (
          <Button variant="outlined" color="warning" onClick={onStop}>
            {tt('programming.templates.stop')}
          </Button>
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
        {running && current
          ? tt('programming.templates.progress.current', {
              step: panelName ? `${panelName(current.devId)} › ${step}` : step,
            })
          : running
            ? label
            : ''}
      </Typography>
    </Stack>
  );
}
