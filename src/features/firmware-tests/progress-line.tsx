/** A test's progress as a bar with its numbers beside it ("2 of 3 stages answered · 66 %"). */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { clampPercent, type TestProgress } from './progress.ts';

export function ProgressLine({ progress, label }: { progress: TestProgress; label: string }) {
  const { t } = useTranslation();
  const percent = clampPercent(progress.percent);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {t('firmwareTests.progress', { answered: progress.answered, total: progress.total, percent })}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={label} sx={{ height: 8, borderRadius: 4 }} />
    </Box>
  );
}

/** The percentage cell of the test list: a small bar and its number. */
export function PercentCell({ percent, label }: { percent: number; label: string }) {
  const value = clampPercent(percent);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', width: '100%' }}>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={label}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>{`${value}%`}</Typography>
    </Box>
  );
}
