import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { hasSubscription, type TokenClaims } from '../../lib/session/session.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { AccountMenu } from './account-menu.tsx';
import { LanguageSelect } from './language-select.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

interface HeaderProps {
  claims: TokenClaims;
  collapsed: boolean;
  onToggleMenu: () => void;
}

/** The header: menu toggle, subscription end date, language, theme and the user's menu. */
export function Header({ claims, collapsed, onToggleMenu }: HeaderProps) {
  const { t } = useTranslation();
  const subscription = hasSubscription(claims)
    ? t('layout.subscriptionUntil', { date: formatDate(claims.SubExpireDate, 'day') })
    : t('layout.noSubscription');
  return (
    <AppBar position="fixed" color="default" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleMenu}
          aria-label={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
          aria-controls="side-menu"
          aria-expanded={!collapsed}
        >
          {collapsed ? <MenuIcon /> : <MenuOpenIcon />}
        </IconButton>
        <Typography component="div" variant="h6" noWrap sx={{ flexGrow: 1 }}>
          Alarm Panel Console
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" data-testid="subscription-end" sx={{ display: { xs: 'none', md: 'block' } }}>
            {subscription}
          </Typography>
          <LanguageSelect />
          <ThemeToggle />
          <AccountMenu userName={claims.Username} />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
