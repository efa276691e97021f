import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { followDayjsLocale } from '../../lib/i18n/dayjs-locale.ts';
import { useClaims } from '../../lib/session/use-claims.ts';
import { Header } from './header.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import { RoutePending } from '../route-pending.tsx';

// Dates of the signed-in pages follow the interface language, also when it changes.
followDayjsLocale();

const COLLAPSED_KEY = 'menu_collapsed';

/**
 * The alarm bar (and the watch of every panel of the user behind it) loads after the frame's first paint, so no
 * route's first paint pays for it.
 */
const AlarmBar = lazy(() => import('../alarms/alarm-bar.tsx').then((module) => ({ default: module.AlarmBar })));
/** The header's alarm badge and the list it opens, from the same chunk. */
const AlarmBadge = lazy(() => import('../alarms/alarm-bar.tsx').then((module) => ({ default: module.AlarmBadge })));

/**
 * The installable console's notices (new version, no connection), which register its service worker once the page
 * is idle: after the frame's first paint, and never on the sign-in page's path.
 */
const PwaNotices = lazy(() => import('../pwa/pwa-notices.tsx').then((module) => ({ default: module.PwaNotices })));

/**
 * Where the alarm bar (alarms, security notices, "alarms cannot reach you") shows: after the page, held at the bottom
 * of the window while the page scrolls under it. Alarms come at any moment, after the page has painted: above the
 * page they would push its content down under the person's finger; here nothing above them moves, and the page's
 * end scrolls clear of them. Empty, it takes no room.
 */
function AlarmDock({ children }: { children: ReactNode }) {
  return (
    <Box
      data-testid="alarm-dock"
      sx={{
        position: 'sticky',
        bottom: 0,
        mt: 'auto',
        zIndex: (theme) => theme.zIndex.appBar - 1,
        bgcolor: 'background.default',
        '&:has(> *)': { pb: 1, borderTop: 1, borderColor: 'divider' },
      }}
    >
      {children}
    </Box>
  );
}

/** Every signed-in page: header, side menu (collapsible on wide screens, a drawer on a phone) and the page. */
export function AppLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}

/**
 * The signed-in frame while the page's access check or its code is still loading: header and menu at once, the
 * pending state in the page's own area, so the person can always leave through the menu.
 */
export function AppLayoutPending() {
  return (
    <AppFrame>
      <RoutePending />
    </AppFrame>
  );
}

function AppFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const claims = useClaims();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  // Read on the first render (no server rendering here), so a phone never shows the permanent menu first.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The page the keyboard was last put on: a freshly opened page (or an effect run twice) leaves the focus alone,
  // so the skip link stays the first stop.
  const focusedPath = useRef(pathname);
  // After moving to another page, keyboard and screen-reader users continue from the new page's content.
  useEffect(() => {
    if (focusedPath.current === pathname) return;
    focusedPath.current = pathname;
    main.current?.focus();
  }, [pathname]);
  if (!claims) return null;
  const toggle = () =>
    phone
      ? setDrawerOpen(true)
      : setCollapsed((value) => {
          localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
          return !value;
        });
  return (
    <Box sx={{ display: 'flex' }}>
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 },
        }}
      >
        {t('layout.skipToContent')}
      </Link>
      <Header
        claims={claims}
        menu={phone ? 'drawer' : 'side'}
        menuOpen={phone ? drawerOpen : !collapsed}
        onToggleMenu={toggle}
        alarms={
          <Suspense fallback={null}>
            <AlarmBadge userName={claims.Username} />
          </Suspense>
        }
      />
      <NavDrawer
        phone={phone}
        open={drawerOpen}
        collapsed={collapsed}
        userType={claims.UserType}
        onClose={() => setDrawerOpen(false)}
      />
      <Box
        component="main"
        id="main-content"
        ref={main}
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          outline: 'none',
          display: 'flex',
          flexDirection: 'column',
          minHeight: '100dvh',
        }}
      >
        <Toolbar />
        <Suspense fallback={null}>
          <PwaNotices />
        </Suspense>
        {/* A block of its own, stretched to the main's width: the pages lay out as in a block (a centred page keeps its
            width), and it takes the height the dock does not, so the dock sits at the window's bottom. */}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
        <AlarmDock>
          <Suspense fallback={null}>
            <AlarmBar userName={claims.Username} />
          </Suspense>
        </AlarmDock>
      </Box>
    </Box>
  );
}
