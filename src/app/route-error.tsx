import { useEffect } from 'react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { AccessCheckError } from './guard.ts';
import { ErrorWithRetry } from '../shared/page/error-with-retry.tsx';

/** What a page says when it could not be loaded: its own text where it has one. */
export type LoadErrorKey =
  | 'errors.pageError'
  | 'home.loadError'
  | 'panels.loadError'
  | 'panels.detailLoadError'
  | 'payments.priceList.loadError'
  | 'account.profile.loadError';

/**
 * What a route shows when its guard, its loader or its page fails (the router's error component). The server's
 * own message is already in the failure toast; here the page says what it could not do and offers a retry that
 * runs the guard and the loader again.
 */
export function RouteError({ error, loadError = 'errors.pageError' }: { error: unknown; loadError?: LoadErrorKey }) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryErrors = useQueryErrorResetBoundary();
  // A query that failed inside the page must fetch again on retry instead of rethrowing its old error.
  useEffect(() => queryErrors.reset(), [queryErrors]);
  return (
    <Box sx={{ p: 3 }}>
      <ErrorWithRetry onRetry={() => void router.invalidate()}>
        {error instanceof AccessCheckError ? t('errors.accessCheck.failed') : t(loadError)}
      </ErrorWithRetry>
    </Box>
  );
}

/** The error component of a route whose page names what it could not load. */
export const routeErrorFor = (loadError: LoadErrorKey) =>
  function PageRouteError({ error }: ErrorComponentProps) {
    return <RouteError error={error} loadError={loadError} />;
  };
