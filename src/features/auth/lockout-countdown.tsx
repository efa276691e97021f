/**
 * The lockout notice's count (lockout-notice.tsx loads it when a lockout arrives): that it is a lockout, and the whole
 * minutes left, counting down; nothing once it has ended.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { lockoutMinutesLeft, type LockoutInfo } from '../../lib/api/lockout-error.ts';

/** How often the minutes left are counted again. */
const TICK_MS = 15_000;

export function LockoutCountdown({ lockout, sx }: { lockout: LockoutInfo; sx?: SxProps<Theme> | undefined }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const minutes = lockoutMinutesLeft(lockout, now);
  if (minutes === 0) return null;
  return (
    <Alert severity="warning" role="alert" {...(sx ? { sx } : {})}>
      {t('auth.lockout.message', { count: minutes })}
    </Alert>
  );
}
