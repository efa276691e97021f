import { lazy, Suspense } from 'react';
import { useRouter } from '@tanstack/react-router';
import { isPublicPage } from '../lib/routing/paths.ts';
import { currentClaims } from '../lib/session/session.ts';
import { RoutePending } from './route-pending.tsx';

// The signed-in frame comes with the first signed-in page, never with the sign-in page.
const AppLayoutPending = lazy(() =>
  import('./layout/app-layout.tsx').then((module) => ({ default: module.AppLayoutPending })),
);

/**
 * What the console shows while a signed-in page's access check, code or data is still loading above the page's
 * own area: the header and the menu around the pending state, so a page that hangs can always be left. A public
 * page, or no session, shows the pending state alone.
 */
export function ShellPending() {
  // The address being loaded (the pending state is drawn afresh for each one).
  const { pathname } = useRouter().latestLocation;
  const signedIn = currentClaims() !== null && !isPublicPage(pathname);
  if (!signedIn) return <RoutePending />;
  return (
    <Suspense fallback={<RoutePending />}>
      <AppLayoutPending />
    </Suspense>
  );
}
