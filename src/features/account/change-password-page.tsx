import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ChangePasswordForm } from './change-password-form.tsx';

/** `/User/ChangePassword`: the own password change as a page. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {t('account.password.title')}
      </Typography>
      <Paper sx={{ p: 3 }}>
        <ChangePasswordForm variant="page" />
      </Paper>
    </Box>
  );
}
