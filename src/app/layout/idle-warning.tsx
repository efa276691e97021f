/**
 * The idle timeout of the signed-in pages (lib/session/idle-timeout.ts): a minute before it signs out, a dialog says
 * so with the time left and offers "Stay signed in" (focused at once; Escape does the same) or "Sign out now". It is
 * an alert dialog, so a screen reader announces it and its message when it opens; the countdown is a timer, which a
 * screen reader reads when asked rather than every second. "Stay signed in" here, or activity in another tab of the
 * console, closes it in every tab; a key or a pointer in the dialog itself does not (the keyboard moves through it).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { idleTimeoutMs } from '../../lib/config/idle-timeout.ts';
import { runtimeConfig } from '../../lib/config/runtime.ts';
import { listenActivity, sessionActivityChannel } from '../../lib/session/idle-activity.ts';
import { watchIdleness, type IdleWatch } from '../../lib/session/idle-timeout.ts';
import { signOut, signOutIdle } from '../../lib/session/sign-out.ts';

/** `m:ss` of the time left. */
export const formatLeft = (ms: number): string => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

export function IdleWarning() {
  const { t } = useTranslation();
  const [deadline, setDeadline] = useState<number | null>(null);
  const watch = useRef<IdleWatch | null>(null);
  const [now, setNow] = useState(Date.now);

  useEffect(() => {
    const channel = sessionActivityChannel();
    const started = watchIdleness({
      timeoutMs: idleTimeoutMs(runtimeConfig()),
      channel,
      onWarn: (at) => {
        setNow(Date.now());
        setDeadline(at);
      },
      onActive: () => setDeadline(null),
      onIdle: () => void signOutIdle(),
    });
    const stopListening = listenActivity(started.activity);
    watch.current = started;
    return () => {
      stopListening();
      started.stop();
      channel?.close();
    };
  }, []);

  // The countdown moves once a second while the warning shows.
  useEffect(() => {
    if (deadline === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, [deadline]);

  const stay = () => watch.current?.stay();
  return (
    <Dialog
      open={deadline !== null}
      onClose={stay}
      aria-labelledby="idle-warning-title"
      aria-describedby="idle-warning-message"
      slotProps={{ paper: { role: 'alertdialog' } }}
    >
      <DialogTitle id="idle-warning-title">{t('session.idleWarning.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-warning-message">{t('session.idleWarning.message')}</DialogContentText>
        <DialogContentText role="timer" sx={{ mt: 2, fontWeight: 'bold' }}>
          {t('session.idleWarning.countdown', { time: formatLeft((deadline ?? now) - now) })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void signOut()}>{t('session.idleWarning.signOut')}</Button>
        <Button variant="contained" autoFocus onClick={stay}>
          {t('session.idleWarning.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
