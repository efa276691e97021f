import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSignIn } from './api/sign-in.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn(() => void navigate({ to: '/' }));
  const canSubmit = username.trim() !== '' && password !== '' && !signIn.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) signIn.mutate({ body: { username: username.trim(), password } });
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: 4, width: '100%', maxWidth: 400 }}>
        <Typography component="h1" variant="h5" sx={{ mb: 3 }}>
          {t('auth.login.title')}
        </Typography>
        <TextField
          label={t('auth.login.username')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="username"
          autoFocus
          required
          fullWidth
          margin="normal"
        />
        <TextField
          label={t('auth.login.password')}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          required
          fullWidth
          margin="normal"
        />
        <Button type="submit" variant="contained" fullWidth disabled={!canSubmit} sx={{ mt: 3 }}>
          {signIn.isPending ? <CircularProgress size={24} aria-label={t('common.loading')} /> : t('auth.login.submit')}
        </Button>
      </Paper>
    </Box>
  );
}
