import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { menuFor } from './menu.ts';
import { MENU_ICONS } from './menu-icons.tsx';

interface SideMenuProps {
  userType: number;
  collapsed: boolean;
  /** Called when a link is chosen (the phone drawer closes). */
  onNavigate?: () => void;
}

/** The links of the signed-in user's role; collapsed, it shows icons with their names as tooltips. */
export function SideMenu({ userType, collapsed, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <List component="nav" aria-label={t('layout.mainNavigation')}>
      {menuFor(userType).map((item) => {
        const Icon = MENU_ICONS[item.icon]!;
        const label = t(item.labelKey);
        const selected = item.to === '/' ? pathname === '/' : pathname.startsWith(item.to);
        return (
          <Tooltip key={item.labelKey} title={collapsed ? label : ''} placement="right">
            <ListItemButton
              component={Link}
              to={item.to}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              onClick={onNavigate}
              sx={{ minHeight: 44, px: 2.5 }}
            >
              <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 2 }}>
                <Icon />
              </ListItemIcon>
              {collapsed ? null : <ListItemText primary={label} />}
            </ListItemButton>
          </Tooltip>
        );
      })}
    </List>
  );
}
