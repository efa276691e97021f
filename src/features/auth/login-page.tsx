/**
 * The public /login page (spec 1 §2 Login page): no app menu or header, only a link row and the sign-in
 * form, and the dialogs for register, verify account, forgot password and reset login info.
 */
import { lazy, useState } from 'react';
import Box from '@mui/material/Box';
import { AuthNav, type AuthDialogName } from './auth-nav.tsx';
import { LoginForm } from './login-form.tsx';
import { LazyDialog } from '../../shared/dialogs/lazy-dialog.tsx';

// The dialogs (and the phone-number library of the register form) load when one is first opened, so the sign-in
// form paints without them.
const RegisterDialog = lazy(() => import('./register-dialog.tsx').then((m) => ({ default: m.RegisterDialog })));
const VerifyAccountDialog = lazy(() =>
  import('./verify-account-dialog.tsx').then((m) => ({ default: m.VerifyAccountDialog })),
);
const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog.tsx').then((m) => ({ default: m.ForgotPasswordDialog })),
);
const ResetLoginDialog = lazy(() => import('./reset-login-dialog.tsx').then((m) => ({ default: m.ResetLoginDialog })));

export function LoginPage() {
  const [dialog, setDialog] = useState<AuthDialogName | null>(null);
  const close = () => setDialog(null);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AuthNav onOpen={setDialog} />
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
        <LoginForm onForgotPassword={() => setDialog('forgot')} onRegister={() => setDialog('register')} />
      </Box>
      <LazyDialog>
        {/* A new account must be verified: a successful registration continues in the verify dialog. */}
        {dialog === 'register' ? (
          <RegisterDialog open onClose={close} onRegistered={() => setDialog('verify')} />
        ) : null}
        {dialog === 'verify' ? <VerifyAccountDialog open onClose={close} /> : null}
        {dialog === 'forgot' ? <ForgotPasswordDialog open onClose={close} /> : null}
        {dialog === 'reset' ? <ResetLoginDialog open onClose={close} /> : null}
      </LazyDialog>
    </Box>
  );
}
