import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { toastStore, type Toast } from './toast-store.ts';

const AUTO_HIDE_MS = 5000;

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
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
      sx={{ minWidth: 300, maxWidth: 480 }}
    >
      {toast.title ? <AlertTitle>{toast.title}</AlertTitle> : null}
      {toast.message}
    </Alert>
  );
}

/**
 * The toasts' own region at the top of the page. A dialog hides everything behind it from assistive technology
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

/** Renders the toasts (server text is rendered as text, never as HTML). */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.list, toastStore.list);
  return createPortal(
    <Stack spacing={1} sx={{ position: 'fixed', top: 16, right: 16, zIndex: (theme) => theme.zIndex.snackbar }}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Stack>,
    toastRegion(),
  );
}
