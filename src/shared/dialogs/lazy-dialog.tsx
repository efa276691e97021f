/**
 * A lazily loaded dialog while its code loads (a slow network): the click is answered at once with the loading
 * spinner over the page. A part drawn in its place (a tab, a section, a dialog's content) is `LazyPart`
 * (`lazy-part.tsx`), apart so that the sign-in page's first chunk does not carry it.
 */
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The spinner over the page, above any dialog, letting clicks through. */
function DialogLoading() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none', zIndex: 1300 }}
    >
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

/** Dialogs opened over the page, lazily loaded. */
export function LazyDialog({ children }: { children: ReactNode }) {
  return <Suspense fallback={<DialogLoading />}>{children}</Suspense>;
}
