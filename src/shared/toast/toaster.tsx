import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { toastStore, type Toast } from './toast-store.ts';

const AUTO_HIDE_MS = 5000;

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const repeated = toast.count > 1 ? t('toast.repeated', { count: toast.count }) : null;
  useEffect(() => {
    if (toast.persistent) return undefined;
    const timer = setTimeout(() => toastStore.dismiss(toast.id), AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <Alert
      severity={toast.severity}
      // Filled colours keep enough contrast only for success and error; warnings and information stay light.
      variant={toast.severity === 'success' || toast.severity === 'error' ? 'filled' : 'standard'}
      elevation={6}
      role={toast.severity === 'error' ? 'alert' : 'status'}
      onClose={() => toastStore.dismiss(toast.id)}
      slotProps={{ closeButton: { 'aria-label': t('common.close') } }}
      sx={{ minWidth: { sm: 300 }, maxWidth: { sm: 480 } }}
    >
      {toast.title ? <AlertTitle>{toast.title}</AlertTitle> : null}
      {toast.message}
      {repeated ? (
        <>
          <Box component="span" aria-hidden sx={{ ml: 1, fontWeight: 700 }}>
            {repeated}
          </Box>
          <Box component="span" sx={visuallyHidden}>
            {t('toast.repeatedLabel', { count: toast.count })}
          </Box>
        </>
      ) : null}
    </Alert>
  );
}

/**
 * The toasts' own region, at the bottom right (bottom centre, full width, on a phone): never over the header's
 * controls (language, theme, account) at the top right. A dialog hides everything behind it from assistive technology
 * (aria-hidden on the page's other top-level elements); toasts are not "behind" a dialog, so the region keeps
 * itself perceivable, and a message raised while a dialog is open is still read out.
 */
let region: HTMLElement | undefined;

function toastRegion(): HTMLElement {
  if (!region) {
    region = document.createElement('div');
    region.dataset.toasts = '';
    document.body.appendChild(region);
    const element = region;
    new MutationObserver(() => {
      if (element.hasAttribute('aria-hidden')) element.removeAttribute('aria-hidden');
    }).observe(element, { attributes: true, attributeFilter: ['aria-hidden'] });
  }
  return region;
}

/**
 * A dialog keeps its actions at its bottom, where the toasts would cover them; the header is behind the dialog
 * then, so while one is open the toasts move to the top. Dialogs are portalled straight into the body.
 */
const dialogOpen = (): boolean => document.querySelector('[role="dialog"]') !== null;
const subscribeDialogs = (onChange: () => void): (() => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true });
  return () => observer.disconnect();
};

/** Renders the toasts (server text is rendered as text, never as HTML). */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.list, toastStore.list);
  const overDialog = useSyncExternalStore(subscribeDialogs, dialogOpen, () => false);
  return createPortal(
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        ...(overDialog ? { top: 16 } : { bottom: 16 }),
        right: 16,
        left: { xs: 16, sm: 'auto' },
        alignItems: { xs: 'stretch', sm: 'flex-end' },
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Stack>,
    toastRegion(),
  );
}
