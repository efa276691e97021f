import { lazy, Suspense } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { isPublicPage } from '../lib/routing/paths.ts';
import { useClaims } from '../lib/session/use-claims.ts';
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
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const signedIn = useClaims() !== null && !isPublicPage(pathname);
  if (!signedIn) return <RoutePending />;
  return (
    <Suspense fallback={<RoutePending />}>
      <AppLayoutPending />
    </Suspense>
  );
}
