/**
 * The verify-account dialog (spec 1 §4): enter the code received, or have it sent again with the account's
 * user name and password. After a successful resend the dialog returns to code entry.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useAcceptVerification } from './api/accept-verification.ts';
import { useSendVerification } from './api/send-verification.ts';
import { FormDialog, DialogForm } from '../../shared/dialogs/form-dialog.tsx';
import { CodeField } from './code-field.tsx';
import { canResendCode, isValidCode } from './validation.ts';
import { LockoutNotice } from './lockout-notice.tsx';

export interface VerifyAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

export function VerifyAccountDialog({ open, onClose }: VerifyAccountDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <VerifyAccountFlow onClose={onClose} />
    </FormDialog>
  );
}

/** Inside the dialog, so every opening starts at code entry. */
function VerifyAccountFlow({ onClose }: { onClose: () => void }) {
  const [mode, setMode] = useState<'code' | 'resend'>('code');
  return mode === 'code' ? (
    <EnterCodeForm onClose={onClose} onResend={() => setMode('resend')} />
  ) : (
    <ResendCodeForm onClose={onClose} onSent={() => setMode('code')} onHaveCode={() => setMode('code')} />
  );
}

function EnterCodeForm({ onClose, onResend }: { onClose: () => void; onResend: () => void }) {
  const { t } = useTranslation();
  const accept = useAcceptVerification();
  const [code, setCode] = useState('');
  return (
    <DialogForm
      title={t('auth.verify.title')}
      submitLabel={t('auth.verify.submit')}
      canSubmit={isValidCode(code)}
      pending={accept.isPending}
      onSubmit={() => accept.mutate({ body: { code: code.trim() } }, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <DialogContentText>{t('auth.verify.codeIntro')}</DialogContentText>
      <LockoutNotice error={accept.error} />
      <CodeField value={code} onChange={setCode} />
      <Link component="button" type="button" onClick={onResend} sx={{ alignSelf: 'flex-start' }}>
        {t('auth.verify.toResend')}
      </Link>
    </DialogForm>
  );
}

interface ResendCodeFormProps {
  onClose: () => void;
  onSent: () => void;
  onHaveCode: () => void;
}

function ResendCodeForm({ onClose, onSent, onHaveCode }: ResendCodeFormProps) {
  const { t } = useTranslation();
  const send = useSendVerification();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <DialogForm
      title={t('auth.verify.resendTitle')}
      submitLabel={t('auth.verify.resendSubmit')}
      canSubmit={canResendCode(username, password)}
      pending={send.isPending}
      onSubmit={() => send.mutate({ body: { Username: username.trim(), Password: password } }, { onSuccess: onSent })}
      onCancel={onClose}
    >
      <DialogContentText>{t('auth.verify.resendIntro')}</DialogContentText>
      <LockoutNotice error={send.error} />
      <TextField
        label={t('auth.verify.username')}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        autoComplete="username"
        autoFocus
        required
        fullWidth
      />
      <TextField
        label={t('auth.verify.password')}
        type="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="current-password"
        required
        fullWidth
      />
      <Link component="button" type="button" onClick={onHaveCode} sx={{ alignSelf: 'flex-start' }}>
        {t('auth.verify.toCode')}
      </Link>
    </DialogForm>
  );
}
