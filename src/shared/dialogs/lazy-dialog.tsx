/**
 * A lazily loaded dialog or part while its code loads (a slow network): the click is answered at once with the
 * loading spinner. A dialog opened over the page gets the spinner over the page (`LazyDialog`); a part drawn in its
 * place (a tab, a section, a dialog's content) gets it in that place (`LazyPart`).
 */
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { SxProps, Theme } from '@mui/material/styles';

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

/** The spinner in the place of a part while it loads. */
function PartLoading({ size, sx }: { size?: number; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  return <CircularProgress size={size} sx={sx} aria-label={t('common.loading')} />;
}

/** A part drawn in its place (a tab, a section, a dialog's content), lazily loaded. */
export function LazyPart({ children, size, sx }: { children: ReactNode; size?: number; sx?: SxProps<Theme> }) {
  return <Suspense fallback={<PartLoading size={size} sx={sx} />}>{children}</Suspense>;
}
