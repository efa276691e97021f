import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { hasSubscription, type TokenClaims } from '../../lib/session/session.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { AccountMenu } from './account-menu.tsx';
import { FrameLanguageSelect } from './language-select.tsx';
import { MuteToggle } from './mute-toggle.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

interface HeaderProps {
  claims: TokenClaims;
  /** How the menu button works: it opens the phone drawer, or collapses and expands the side menu. */
  menu: 'drawer' | 'side';
  /** The drawer is open, or the side menu is expanded. */
  menuOpen: boolean;
  onToggleMenu: () => void;
  /** The alarm badge (loaded by the frame with the alarm bar). */
  alarms?: ReactNode;
}

/** The header: menu button, product name, subscription end date, language, theme, sounds, alarms and the user's menu. */
export function Header({ claims, menu, menuOpen, onToggleMenu, alarms }: HeaderProps) {
  const { t } = useTranslation();
  const subscription = hasSubscription(claims)
    ? t('layout.subscriptionUntil', { date: formatDate(claims.SubExpireDate, 'day') })
    : t('layout.noSubscription');
  return (
    <AppBar
      position="fixed"
      color="default"
      // Above the side menu on wide screens; under the phone drawer, which covers the page like a dialog.
      sx={{ zIndex: (theme) => (menu === 'side' ? theme.zIndex.drawer + 1 : theme.zIndex.appBar) }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleMenu}
          aria-label={
            menu === 'drawer' ? t('layout.openMenu') : menuOpen ? t('layout.collapseMenu') : t('layout.expandMenu')
          }
          aria-controls={menu === 'side' || menuOpen ? 'side-menu' : undefined}
          aria-expanded={menuOpen}
          aria-haspopup={menu === 'drawer' ? 'dialog' : undefined}
        >
          {menu === 'side' && menuOpen ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        {/*
          On a phone the controls take the width: the name is kept for screen readers only (each page's own heading
          says where one is), rather than cut into pieces.
        */}
        <Typography
          component="div"
          variant="h6"
          data-testid="product-name"
          sx={{
            position: { xs: 'absolute', sm: 'static' },
            width: { xs: '1px', sm: 'auto' },
            height: { xs: '1px', sm: 'auto' },
            clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            minWidth: 0,
          }}
        >
          {t('app.productName')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <Typography variant="body2" data-testid="subscription-end" sx={{ display: { xs: 'none', md: 'block' } }}>
            {subscription}
          </Typography>
          <FrameLanguageSelect />
          <ThemeToggle />
          <MuteToggle />
          {alarms}
          <AccountMenu userName={claims.Username} />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
