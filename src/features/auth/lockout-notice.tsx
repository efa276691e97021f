/**
 * What the sign-in page and its dialogs show when a call was refused by an attempt limit (429, the contract's
 * `Lockout`): that it is a lockout, and the whole minutes left, counting down (lockout-countdown.tsx, loaded only when
 * a lockout arrives, so the sign-in page's first screen does not carry it). Nothing is sent again by itself: the
 * person tries again when the time has passed.
 */
import { lazy, Suspense } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { lockoutOf } from '../../lib/api/lockout-error.ts';

const LockoutCountdown = lazy(() =>
  import('./lockout-countdown.tsx').then((module) => ({ default: module.LockoutCountdown })),
);

interface NoticeProps {
  error: unknown;
  sx?: SxProps<Theme>;
}

export function LockoutNotice({ error, sx }: NoticeProps) {
  const lockout = lockoutOf(error);
  // A new lockout starts its own count (mounted when it arrives, so its clock starts then).
  return lockout ? (
    <Suspense fallback={null}>
      <LockoutCountdown key={lockout.until} lockout={lockout} sx={sx} />
    </Suspense>
  ) : null;
}
