/**
 * The one-time password the server made for an account (`addUser`, `changePassToDefault`: the contract's
 * `OneTimePassword`), shown to the administrator or dealer once, in the dialog that made it: the password, a copy
 * button, until when it is valid and that it must be changed at the first sign-in. It is never kept anywhere: closing
 * the dialog forgets it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { OneTimePassword } from '@generated/api/types.gen.ts';
import { formatDate } from '../../shared/format/dates.ts';

export interface OneTimePasswordViewProps {
  /** Whose account it is (the name the note gives). */
  name: string;
  password: OneTimePassword;
  onDone: () => void;
}

export function OneTimePasswordView({ name, password, onDone }: OneTimePasswordViewProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(password.password).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <>
      <DialogTitle>{t('users.oneTimePassword.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">
            {t('users.oneTimePassword.note', { name, expires: formatDate(password.expires_at, 'panel') })}
          </Alert>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label={t('users.oneTimePassword.label', { name })}
              value={password.password}
              slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
              fullWidth
            />
            <Button variant="outlined" onClick={copy} aria-live="polite">
              {copied ? t('users.oneTimePassword.copied') : t('users.oneTimePassword.copy')}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {t('users.oneTimePassword.done')}
        </Button>
      </DialogActions>
    </>
  );
}
