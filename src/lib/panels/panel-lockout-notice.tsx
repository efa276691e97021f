/**
 * A panel password prompt's lockout, in its own place: the panel is locked for this account after too many wrong
 * passwords, until when, and the time left as minutes:seconds. The lock is said once to screen readers (the alert's
 * text does not change while it lasts); the countdown is a `timer`, which assistive technology reads when asked,
 * not every second. Nothing shows when the panel is not locked.
 */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { lockEndTime } from '../api/lockout-error.ts';
import { formatCountdown } from '../api/use-lockout-countdown.ts';

export interface PanelLockoutNoticeProps {
  /** When the lock ends (epoch ms), or undefined when the panel is not locked. */
  until: number | undefined;
  secondsLeft: number;
}

export function PanelLockoutNotice({ until, secondsLeft }: PanelLockoutNoticeProps) {
  const { t } = useTranslation();
  if (until === undefined || secondsLeft <= 0) return null;
  return (
    // The frame is no live region itself (its countdown would be read every second): its first part is.
    <Alert severity="error" role="group" aria-label={t('commands.lockout.title')} data-testid="panel-lockout">
      <Box role="alert">
        <AlertTitle>{t('commands.lockout.title')}</AlertTitle>
        <Box component="span" sx={{ display: 'block' }}>
          {t('commands.lockout.text', { time: lockEndTime(until) })}
        </Box>
      </Box>
      <Box component="span" role="timer" data-testid="panel-lockout-left" sx={{ display: 'block', fontWeight: 700 }}>
        {t('commands.lockout.left', { time: formatCountdown(secondsLeft) })}
      </Box>
    </Alert>
  );
}
