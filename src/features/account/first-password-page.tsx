/**
 * `/User/FirstPassword` (proposed): where a sign-in with a one-time password leads (the token's
 * `password_change_required`). Nothing else of the console opens until the password is changed (the route guard
 * sends every page here, and the server refuses every other call with 403): the page has no menu, only the own
 * password change, with the one-time password as the current one, and sign-out. Once the change is confirmed it signs
 * in again with the new password and continues to the console.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { notifyRefusal } from '../../lib/api/feedback.ts';
import { paths } from '../../lib/routing/paths.ts';
import { clearSession } from '../../lib/session/session.ts';
import { signOut } from '../../lib/session/sign-out.ts';
import { useClaims } from '../../lib/session/use-claims.ts';
import { useSignInAgain } from './api/sign-in-again.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

export function FirstPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const claims = useClaims();
  const again = useSignInAgain(
    () => void navigate({ to: paths.home, replace: true }),
    () => {
      notifyRefusal(t('account.firstPassword.signInFailed'));
      clearSession();
      void navigate({ to: paths.login, replace: true });
    },
  );
  return (
    <Box component="main" sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {t('account.firstPassword.title')}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('account.firstPassword.note')}
      </Alert>
      <Paper sx={{ p: 3 }}>
        <ChangePasswordForm
          variant="page"
          oneTime
          onChanged={(sent) => claims && again.mutate({ username: claims.Username, password: sent.new })}
        />
      </Paper>
      <Button sx={{ mt: 2 }} onClick={signOut}>
        {t('account.firstPassword.signOut')}
      </Button>
    </Box>
  );
}
