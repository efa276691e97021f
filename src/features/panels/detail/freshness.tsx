import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLiveStatus } from '../../../lib/live/use-live.ts';

const TICK_MS = 5_000;

/** How long ago `at` was, in the interface language ("12 seconds ago", "3 minutes ago"). */
export function formatAge(at: number, now: number, language: string): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (seconds < 60) return format.format(-seconds, 'second');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * How old the shown state is: from the last live message, or from the last load when none arrived. While the
 * live feed is down the state is marked stale, so nobody takes an old state for the live one.
 */
export function Freshness({ updatedAt }: { updatedAt: number }) {
  const { t, i18n } = useTranslation();
  const now = useNow(TICK_MS);
  const live = useLiveStatus();
  const stale = live !== 'connected';
  return (
    <Stack
      direction="row"
      data-testid="panel-freshness"
      data-stale={stale ? 'true' : 'false'}
      sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('panelDetail.general.updated', { age: formatAge(updatedAt, Math.max(now, updatedAt), i18n.language) })}
      </Typography>
      {stale ? <Chip size="small" color="warning" label={t('panelDetail.general.stale')} /> : null}
    </Stack>
  );
}
