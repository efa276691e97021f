import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import SecurityIcon from '@mui/icons-material/Security';
import { paths } from '../../lib/routing/paths.ts';

/** The public dealership application (/Dealer/Create): reachable without signing in, no console menu. */
export function DealerCreatePage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar position="static" color="default">
        <Toolbar sx={{ gap: 1 }}>
          <SecurityIcon aria-hidden="true" />
          <Typography component="div" variant="h6" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {t('app.productName')}
          </Typography>
          <Button component={RouterLink} to={paths.login}>
            {t('dealer.create.login')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: 3, maxWidth: 720, mx: 'auto' }}>
        <Typography component="h1" variant="h4" gutterBottom>
          {t('dealer.create.title')}
        </Typography>
        <Typography>{t('dealer.create.comingSoon')}</Typography>
      </Box>
    </>
  );
}
