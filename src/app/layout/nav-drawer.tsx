import { useTranslation } from 'react-i18next';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { SideMenu } from './side-menu.tsx';

export const MENU_WIDTH = { open: 248, collapsed: 64 };

interface NavDrawerProps {
  /** A narrow screen: the menu is a drawer over the page, opened from the header's menu button. */
  phone: boolean;
  /** The phone drawer is open. */
  open: boolean;
  /** The desktop menu shows icons only. */
  collapsed: boolean;
  userType: number;
  onClose: () => void;
}

/** The side menu: permanent (collapsible) beside the page on wide screens, a temporary drawer on a phone. */
export function NavDrawer({ phone, open, collapsed, userType, onClose }: NavDrawerProps) {
  const { t } = useTranslation();
  if (phone) {
    // The temporary drawer is a modal: it traps focus, closes with Escape or a tap outside, and gives focus back.
    return (
      <Drawer
        id="side-menu"
        variant="temporary"
        open={open}
        onClose={onClose}
        slotProps={{ paper: { 'aria-label': t('layout.menu') } }}
        sx={{ '& .MuiDrawer-paper': { width: MENU_WIDTH.open, maxWidth: '85vw', boxSizing: 'border-box' } }}
      >
        <Toolbar>
          <Typography component="div" variant="subtitle1" sx={{ fontWeight: 500 }}>
            {t('app.productName')}
          </Typography>
        </Toolbar>
        <SideMenu userType={userType} collapsed={false} onNavigate={onClose} />
      </Drawer>
    );
  }
  const width = collapsed ? MENU_WIDTH.collapsed : MENU_WIDTH.open;
  return (
    <Drawer
      id="side-menu"
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          // Through the theme, which draws no transition when the person asked for less motion.
          transition: (theme) => theme.transitions.create('width', { duration: 150 }),
        },
      }}
    >
      <Toolbar />
      <SideMenu userType={userType} collapsed={collapsed} />
    </Drawer>
  );
}
