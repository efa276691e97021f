import { useEffect, useRef, useState } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useClaims } from '../../lib/session/use-claims.ts';
import { Header } from './header.tsx';
import { SideMenu } from './side-menu.tsx';

const WIDTH = { open: 248, collapsed: 64 };
const COLLAPSED_KEY = 'menu_collapsed';

/** Every signed-in page: header, collapsible side menu and the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const claims = useClaims();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const main = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const firstRender = useRef(true);
  // After moving to another page, keyboard and screen-reader users continue from the new page's content.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.focus();
  }, [pathname]);
  if (!claims) return null;
  const toggle = () =>
    setCollapsed((value) => {
      localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      return !value;
    });
  const width = collapsed ? WIDTH.collapsed : WIDTH.open;
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
      <Header claims={claims} collapsed={collapsed} onToggleMenu={toggle} />
      <Drawer
        id="side-menu"
        variant="permanent"
        sx={{
          width,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden', transition: 'width 150ms' },
        }}
      >
        <Toolbar />
        <SideMenu userType={claims.UserType} collapsed={collapsed} />
      </Drawer>
      <Box
        component="main"
        id="main-content"
        ref={main}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, outline: 'none' }}
      >
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}
