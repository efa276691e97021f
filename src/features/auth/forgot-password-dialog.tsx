/** The forgot-password dialog: the account is named by its user name, e-mail address or phone number. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useForgetPassword } from './api/forget-password.ts';
import { FormDialog, DialogForm } from '../../shared/dialogs/form-dialog.tsx';
import { LockoutNotice } from './lockout-notice.tsx';
import { isValidAccountInfo } from './validation.ts';

export interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

export function ForgotPasswordDialog({ open, onClose }: ForgotPasswordDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <ForgotPasswordForm onClose={onClose} />
    </FormDialog>
  );
}

function ForgotPasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const forget = useForgetPassword();
  const [info, setInfo] = useState('');
  return (
    <DialogForm
      title={t('auth.forgot.title')}
      submitLabel={t('auth.forgot.submit')}
      canSubmit={isValidAccountInfo(info)}
      pending={forget.isPending}
      onSubmit={() => forget.mutate({ body: { info: info.trim() } }, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <DialogContentText>{t('auth.forgot.intro')}</DialogContentText>
      <LockoutNotice error={forget.error} />
      <TextField
        label={t('auth.forgot.info')}
        value={info}
        onChange={(event) => setInfo(event.target.value)}
        autoComplete="username"
        autoFocus
        required
        fullWidth
      />
    </DialogForm>
  );
}
