/**
 * The reset-login-info dialog (spec 1 §4 Reset login): step 1 names the account and a code is sent to it;
 * step 2 takes the code. On a successful code the relogin message shows and the dialog closes.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useResetPhoneUid } from './api/reset-phone-uid.ts';
import { useVerifyResetUid } from './api/verify-reset-uid.ts';
import { FormDialog, DialogForm } from '../../shared/dialogs/form-dialog.tsx';
import { CodeField } from './code-field.tsx';
import { isValidAccountInfo, isValidCode } from './validation.ts';
import { LockoutNotice } from './lockout-notice.tsx';

export interface ResetLoginDialogProps {
  open: boolean;
  onClose: () => void;
}

export function ResetLoginDialog({ open, onClose }: ResetLoginDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <ResetLoginFlow onClose={onClose} />
    </FormDialog>
  );
}

/** Inside the dialog, so every opening starts at step 1. */
function ResetLoginFlow({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<'info' | 'code'>('info');
  const [info, setInfo] = useState('');
  return step === 'info' ? (
    <AccountStep info={info} onInfoChange={setInfo} onClose={onClose} onCodeSent={() => setStep('code')} />
  ) : (
    <CodeStep onClose={onClose} onBack={() => setStep('info')} />
  );
}

interface AccountStepProps {
  info: string;
  onInfoChange: (info: string) => void;
  onClose: () => void;
  onCodeSent: () => void;
}

function AccountStep({ info, onInfoChange, onClose, onCodeSent }: AccountStepProps) {
  const { t } = useTranslation();
  const reset = useResetPhoneUid();
  return (
    <DialogForm
      title={t('auth.reset.title')}
      submitLabel={t('auth.reset.sendCode')}
      canSubmit={isValidAccountInfo(info)}
      pending={reset.isPending}
      onSubmit={() => reset.mutate({ body: { info: info.trim() } }, { onSuccess: onCodeSent })}
      onCancel={onClose}
    >
      <DialogContentText>{t('auth.reset.infoIntro')}</DialogContentText>
      <LockoutNotice error={reset.error} />
      <TextField
        label={t('auth.reset.info')}
        value={info}
        onChange={(event) => onInfoChange(event.target.value)}
        autoComplete="username"
        autoFocus
        required
        fullWidth
      />
    </DialogForm>
  );
}

function CodeStep({ onClose, onBack }: { onClose: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const verify = useVerifyResetUid();
  const [code, setCode] = useState('');
  return (
    <DialogForm
      title={t('auth.reset.title')}
      submitLabel={t('auth.reset.submit')}
      canSubmit={isValidCode(code)}
      pending={verify.isPending}
      onSubmit={() => verify.mutate({ body: { code: code.trim() } }, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <DialogContentText>{t('auth.reset.codeIntro')}</DialogContentText>
      <LockoutNotice error={verify.error} />
      <CodeField value={code} onChange={setCode} />
      <Link component="button" type="button" onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
        {t('auth.reset.back')}
      </Link>
    </DialogForm>
  );
}
