import { lazy, Suspense } from 'react';
import { Outlet } from '@tanstack/react-router';
import { useClaims } from '../lib/session/use-claims.ts';
import { useReauthPending } from '../lib/session/use-reauth-pending.ts';
import { Toaster } from '../shared/toast/toaster.tsx';

/**
 * The idle timeout's watch and warning, for as long as there is a session: here rather than in the signed-in frame,
 * which is drawn afresh while a page loads and would start the watch over. Loaded with the first signed-in page.
 */
const ReauthDialog = lazy(() =>
  import('../features/auth/reauth/reauth-dialog.tsx').then((module) => ({ default: module.ReauthDialog })),
);
const IdleWarning = lazy(() => import('./layout/idle-warning.tsx').then((module) => ({ default: module.IdleWarning })));

export function RootLayout() {
  const signedIn = useClaims() !== null;
  const reauth = useReauthPending();
  return (
    <>
      <Outlet />
      <Toaster />
      {signedIn && (
        <Suspense fallback={null}>
          <IdleWarning />
        </Suspense>
      )}
      {signedIn && reauth && (
        <Suspense fallback={null}>
          <ReauthDialog request={reauth} />
        </Suspense>
      )}
    </>
  );
}
