/**
 * A lazily loaded part drawn in its place (a tab, a section, a dialog's content) while its code loads (a slow
 * network): the loading spinner in that place. A dialog opened over the page is `LazyDialog` (`lazy-dialog.tsx`).
 */
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import CircularProgress from '@mui/material/CircularProgress';
import type { SxProps, Theme } from '@mui/material/styles';

/** The spinner in the place of a part while it loads. */
function PartLoading({ size, sx }: { size?: number; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  return <CircularProgress size={size} sx={sx} aria-label={t('common.loading')} />;
}

/** A part drawn in its place (a tab, a section, a dialog's content), lazily loaded. */
export function LazyPart({ children, size, sx }: { children: ReactNode; size?: number; sx?: SxProps<Theme> }) {
  return <Suspense fallback={<PartLoading size={size} sx={sx} />}>{children}</Suspense>;
}
