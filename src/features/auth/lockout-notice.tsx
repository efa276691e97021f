/**
 * What the sign-in page and its dialogs show when a call was refused by an attempt limit (429, the contract's
 * `Lockout`): that it is a lockout, and the whole minutes left, counting down; nothing once it has ended. Nothing is
 * sent again by itself: the person tries again when the time has passed.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { lockoutMinutesLeft, lockoutOf, type LockoutInfo } from '../../lib/api/lockout-error.ts';

/** How often the minutes left are counted again. */
const TICK_MS = 15_000;

interface NoticeProps {
  error: unknown;
  sx?: SxProps<Theme>;
}

export function LockoutNotice({ error, sx }: NoticeProps) {
  const lockout = lockoutOf(error);
  // A new lockout starts its own count (mounted when it arrives, so its clock starts then).
  return lockout ? <Countdown key={lockout.until} lockout={lockout} sx={sx} /> : null;
}

function Countdown({ lockout, sx }: { lockout: LockoutInfo; sx?: SxProps<Theme> | undefined }) {
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
