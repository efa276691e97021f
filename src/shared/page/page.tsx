import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorWithRetry } from './error-with-retry.tsx';

/** A page of the signed-in console: its title (the page's h1) and content. */
export function Page({
  title,
  actions,
  maxWidth = 1280,
  children,
}: {
  title: string;
  actions?: ReactNode;
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Box sx={{ p: 3, maxWidth, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3, gap: 2 }}>
        <Typography component="h1" variant="h4">
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Box>
  );
}

/** Loading, error and empty states of a view, the same everywhere. */
export function QueryState({
  isPending,
  isError,
  isEmpty,
  errorText,
  emptyText,
  onRetry,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  isEmpty?: boolean;
  errorText: string;
  emptyText?: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (isPending) {
    return (
      <Stack sx={{ alignItems: 'center', py: 6 }} role="status">
        <CircularProgress aria-label={t('common.loading')} />
      </Stack>
    );
  }
  if (isError) {
    return <ErrorWithRetry onRetry={onRetry}>{errorText}</ErrorWithRetry>;
  }
  if (isEmpty) return <Alert severity="info">{emptyText ?? t('common.empty')}</Alert>;
  return <>{children}</>;
}
