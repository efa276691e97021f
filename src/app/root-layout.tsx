import { lazy, Suspense } from 'react';
import { Outlet } from '@tanstack/react-router';
import { useClaims } from '../lib/session/use-claims.ts';
import { Toaster } from '../shared/toast/toaster.tsx';

/**
 * The idle timeout's watch and warning, for as long as there is a session: here rather than in the signed-in frame,
 * which is drawn afresh while a page loads and would start the watch over. Loaded with the first signed-in page.
 */
const IdleWarning = lazy(() => import('./layout/idle-warning.tsx').then((module) => ({ default: module.IdleWarning })));
/** The re-authentication dialog before a dangerous action, loaded the same way (never on the sign-in page). */
const ReauthHost = lazy(() =>
  import('../features/auth/reauth/reauth-host.tsx').then((module) => ({ default: module.ReauthHost })),
);

export function RootLayout() {
  const signedIn = useClaims() !== null;
  return (
    <>
      <Outlet />
      <Toaster />
      {signedIn && (
        <>
          {/* Apart: the idle watch starts as soon as its own part has loaded, not once both have. */}
          <Suspense fallback={null}>
            <IdleWarning />
          </Suspense>
          <Suspense fallback={null}>
            <ReauthHost />
          </Suspense>
        </>
      )}
    </>
  );
}
