/**
 * The public dealership application (/Dealer/Create, spec 2 §2): reachable without signing in, no console menu. A
 * navbar with the logo, a language choice and a sign-in link; the application form; once the application is
 * received, a modal says it may be approved after review and brings 1 year of technician qualifications free, and
 * closing it goes to the site root.
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LoginIcon from '@mui/icons-material/Login';
import SecurityIcon from '@mui/icons-material/Security';
import { paths } from '../../lib/routing/paths.ts';
import { ApplicationForm } from './application-form.tsx';
import { PublicLanguageSelect } from './public-language-select.tsx';

export function DealerCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [received, setReceived] = useState(false);
  const leave = () => void navigate({ to: paths.home });
  return (
    <>
      <AppBar position="static" color="default" component="header">
        <Toolbar component="nav" aria-label={t('dealer.create.navigation')} sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
          <SecurityIcon aria-hidden="true" color="primary" />
          <Typography component="div" variant="h6" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {t('app.productName')}
          </Typography>
          <PublicLanguageSelect />
          <Button component={RouterLink} to={paths.login} startIcon={<LoginIcon />}>
            {t('dealer.create.login')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, mx: 'auto' }}>
        <Typography component="h1" variant="h4" gutterBottom>
          {t('dealer.create.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('dealer.create.intro')}
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <ApplicationForm onReceived={() => setReceived(true)} />
        </Paper>
      </Box>
      <Dialog open={received} onClose={leave} maxWidth="sm" fullWidth aria-labelledby="dealer-received-title">
        <DialogTitle id="dealer-received-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CheckCircleIcon color="success" aria-hidden="true" />
          {t('dealer.received.title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{t('dealer.received.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={leave} variant="contained" autoFocus>
            {t('dealer.received.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
