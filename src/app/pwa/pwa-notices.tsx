/**
 * The signed-in frame's notices of the installable console, loaded lazily after the frame's first paint: the
 * "new version" prompt (a service worker of a newer build waits: the page reloads only when the person says so) and
 * a plain banner while the browser has no network connection. Registers the service worker once the page's network
 * has been quiet a moment (`whenNetworkQuiet`),
 * and only in a build (`npm run dev` never registers one).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { updates, whenNetworkQuiet } from './service-worker.ts';

const subscribeConnection = (onChange: () => void): (() => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};
const online = (): boolean => navigator.onLine;

export function PwaNotices() {
  const { t } = useTranslation();
  const update = useSyncExternalStore(updates.subscribe, updates.state, updates.state);
  const connected = useSyncExternalStore(subscribeConnection, online, () => true);
  useEffect(() => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator) whenNetworkQuiet(() => void updates.start());
  }, []);
  return (
    <>
      {connected ? null : (
        <Alert severity="warning" role="status" sx={{ borderRadius: 0 }}>
          <Typography variant="body2">{t('pwa.offlineBanner')}</Typography>
        </Alert>
      )}
      {update === 'none' ? null : (
        // Where MUI's snackbar would be, from the parts the frame already has (Alert, Button, Typography): parts of
        // its own (a Snackbar) would make the bundler split the sign-in page's shared chunks further, at a cost in
        // compression the size budget has no room for.
        <Alert
          severity="info"
          variant="filled"
          role="status"
          elevation={6}
          sx={{
            position: 'fixed',
            bottom: 16,
            left: 16,
            right: { xs: 16, sm: 'auto' },
            zIndex: (theme) => theme.zIndex.snackbar,
          }}
          action={
            <Button color="inherit" size="small" onClick={updates.reload} disabled={update === 'reloading'}>
              {t('pwa.reload')}
            </Button>
          }
        >
          <Typography variant="body2">{t('pwa.updateReady')}</Typography>
        </Alert>
      )}
    </>
  );
}
