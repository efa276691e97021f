/**
 * Turning the second factor on: a new secret (its QR code, and the text grouped by four to type in by hand, with a
 * copy button), then a first code of the app confirms it and the ten recovery codes are shown once. The secret and
 * the codes live only in this dialog's state and its mutations (`gcTime: 0`): closing it forgets them.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isTotpCode, TOTP_DIGITS } from '../../../lib/users/second-factor-proof.ts';
import { DialogForm, FormDialog, firstFieldRef } from '../../../shared/dialogs/form-dialog.tsx';
import { copyText } from '../../../shared/files/copy-text.ts';
import { useConfirmTotpEnrolment, useStartTotpEnrolment } from '../api/totp.ts';
import { QrCode } from './qr-code.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

/** The secret in groups of four, as a person types it into an app. */
export const groupSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function EnrolDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <Enrolment onClose={onClose} />
    </FormDialog>
  );
}

function Enrolment({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const start = useStartTotpEnrolment();
  const confirm = useConfirmTotpEnrolment();
  const [code, setCode] = useState('');
  const [copied, setCopied] = useState<boolean | undefined>();
  const started = useRef(false);
  const { mutate: startEnrolment } = start;
  useEffect(() => {
    // Once per opening (a development double render would otherwise make two secrets).
    if (started.current) return;
    started.current = true;
    startEnrolment({});
  }, [startEnrolment]);

  const codes = confirm.data?.data.recovery_codes;
  if (codes) return <RecoveryCodes codes={codes} onDone={onClose} />;
  const enrolment = start.data?.data;
  if (!enrolment) {
    return (
      <DialogContent>
        <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('account.twoStep.enrolTitle')}
        </Typography>
        {start.isError ? (
          <Alert
            severity="error"
            action={<Button onClick={() => start.mutate({})}>{t('account.twoStep.retry')}</Button>}
          >
            {t('account.twoStep.startError')}
          </Alert>
        ) : (
          <CircularProgress aria-label={t('account.twoStep.loading')} />
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </Stack>
      </DialogContent>
    );
  }
  const typed = code.replace(/\s+/g, '');
  const valid = isTotpCode(typed);
  return (
    <DialogForm
      title={t('account.twoStep.enrolTitle')}
      submitLabel={t('account.twoStep.confirm')}
      canSubmit={valid}
      pending={confirm.isPending}
      onSubmit={() => confirm.mutate({ body: { code: typed } })}
      onCancel={onClose}
    >
      <Typography>{t('account.twoStep.scan')}</Typography>
      <QrCode text={enrolment.otpauth_uri} label={t('account.twoStep.qrLabel')} />
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={t('account.twoStep.secret')}
          value={groupSecret(enrolment.secret)}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          fullWidth
        />
        <Button variant="outlined" onClick={() => void copyText(enrolment.secret).then(setCopied)}>
          {t('account.twoStep.copySecret')}
        </Button>
      </Stack>
      <Typography aria-live="polite" variant="body2">
        {copied === undefined ? '' : copied ? t('account.twoStep.copied') : t('account.twoStep.copyFailed')}
      </Typography>
      <TextField
        label={t('account.twoStep.code')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        // The key arrives after the dialog has shown: the cursor goes to the code, what the person types next.
        inputRef={firstFieldRef}
        error={code !== '' && !valid}
        helperText={t('account.twoStep.codeHelp', { digits: TOTP_DIGITS })}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
        required
        fullWidth
      />
    </DialogForm>
  );
}
