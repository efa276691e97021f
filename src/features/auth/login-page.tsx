/**
 * The public /login page (spec 1 §2 Login page): no app menu or header, only a link row and the sign-in
 * form, and the dialogs for register, verify account, forgot password and reset login info.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import { AuthNav, type AuthDialogName } from './auth-nav.tsx';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterDialog } from './register-dialog.tsx';
import { ResetLoginDialog } from './reset-login-dialog.tsx';
import { VerifyAccountDialog } from './verify-account-dialog.tsx';

export function LoginPage() {
  const [dialog, setDialog] = useState<AuthDialogName | null>(null);
  const close = () => setDialog(null);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AuthNav onOpen={setDialog} />
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
        <LoginForm onForgotPassword={() => setDialog('forgot')} onRegister={() => setDialog('register')} />
      </Box>
      {/* A new account must be verified: a successful registration continues in the verify dialog. */}
      <RegisterDialog open={dialog === 'register'} onClose={close} onRegistered={() => setDialog('verify')} />
      <VerifyAccountDialog open={dialog === 'verify'} onClose={close} />
      <ForgotPasswordDialog open={dialog === 'forgot'} onClose={close} />
      <ResetLoginDialog open={dialog === 'reset'} onClose={close} />
    </Box>
  );
}
