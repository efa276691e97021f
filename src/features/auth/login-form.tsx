/** The sign-in form: user name, password, remember me, and the forgot-password and register links. */
import { lazy, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { homeFor } from '../../lib/routing/home.ts';
import { currentClaims } from '../../lib/session/session.ts';
import { PlainTextField } from '../../shared/form/plain-text-field.tsx';
import { useSignIn } from './api/sign-in.ts';
import { LockoutNotice } from './lockout-notice.tsx';
import { readRememberedUsername, storeRememberedUsername } from './remembered-username.ts';
import { canSignIn } from './validation-sign-in.ts';

// The second step loads only when an account asks for it (the sign-in page's size budget).
const SecondFactorStep = lazy(async () => ({
  default: (await import('./second-factor-step.tsx')).SecondFactorStep,
}));

export interface LoginFormProps {
  onForgotPassword: () => void;
  onRegister: () => void;
}

export function LoginForm({ onForgotPassword, onRegister }: LoginFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [remembered] = useState(readRememberedUsername);
  const [username, setUsername] = useState(remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  // The challenge of an account with a second factor (in memory only, never in web storage).
  const [challenge, setChallenge] = useState<string>();
  const signedIn = () => {
    storeRememberedUsername(username, remember);
    // Straight to the person's own first page (the administrators' home, everybody else's panel list).
    void navigate({ to: homeFor(currentClaims()?.UserType) });
  };
  const signIn = useSignIn(signedIn, setChallenge);
  const canSubmit = canSignIn(username, password);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit && !signIn.isPending) signIn.mutate({ body: { username: username.trim(), password } });
  };

  // The route's own pending boundary shows while the step loads.
  if (challenge) return <SecondFactorStep challenge={challenge} onSignedIn={signedIn} onBack={setChallenge} />;

  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: 4, width: '100%', maxWidth: 420 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t('auth.login.title')}
      </Typography>
      <LockoutNotice error={signIn.error} sx={{ mb: 2 }} />
      <PlainTextField
        label={t('auth.login.username')}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        autoComplete="username"
        autoFocus={remembered === null}
        required
      />
      <PlainTextField
        label={t('auth.login.password')}
        type="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="current-password"
        autoFocus={remembered !== null}
        required
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          control={<Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
          label={t('auth.login.rememberMe')}
        />
        <Link component="button" type="button" variant="body2" onClick={onForgotPassword}>
          {t('auth.login.forgotPassword')}
        </Link>
      </Box>
      <Button
        type="submit"
        variant="contained"
        fullWidth
        disabled={!canSubmit}
        loading={signIn.isPending}
        loadingPosition="start"
        sx={{ mt: 2 }}
      >
        {t('auth.login.submit')}
      </Button>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {t('auth.login.noAccount')}{' '}
        <Link component="button" type="button" variant="body2" onClick={onRegister} sx={{ verticalAlign: 'baseline' }}>
          {t('auth.login.register')}
        </Link>
      </Typography>
    </Paper>
  );
}
