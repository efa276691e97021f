/** The sign-in's second step: a code of the authenticator app or a recovery code, for the challenge of the password. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PlainTextField } from '../../shared/form/plain-text-field.tsx';
import { useCompleteSecondFactor } from './api/complete-second-factor.ts';
import { LockoutNotice } from './lockout-notice.tsx';
import { secondFactorProof } from '../../lib/users/second-factor-proof.ts';

export interface SecondFactorStepProps {
  challenge: string;
  onSignedIn: () => void;
  /** Back to the password (called with no challenge). */
  onBack: (challenge?: undefined) => void;
}

export function SecondFactorStep({ challenge, onSignedIn, onBack }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const complete = useCompleteSecondFactor(onSignedIn);
  const proof = secondFactorProof(typed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (proof && !complete.isPending) complete.mutate({ body: { challenge, ...proof } });
  };

  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: 4, width: '100%', maxWidth: 420 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t('auth.secondFactor.title')}
      </Typography>
      <LockoutNotice error={complete.error} sx={{ mb: 2 }} />
      <PlainTextField
        label={t('auth.common.code')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="one-time-code"
        autoFocus
        required
      />
      <Button type="submit" variant="contained" fullWidth disabled={!proof} loading={complete.isPending} sx={{ mt: 2 }}>
        {t('auth.verify.submit')}
      </Button>
      <Button type="button" fullWidth onClick={() => onBack()} sx={{ mt: 1 }}>
        {t('common.cancel')}
      </Button>
    </Paper>
  );
}
