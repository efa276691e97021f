/** Turning the second factor off: a current code of the app or an unused recovery code (the contract's rules). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { DialogForm, FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { secondFactorProof } from '../../../lib/users/second-factor-proof.ts';
import { useDisableTotp } from '../api/totp.ts';

export function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <DisableForm onClose={onClose} />
    </FormDialog>
  );
}

function DisableForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const disable = useDisableTotp(onClose);
  const proof = secondFactorProof(typed);
  return (
    <DialogForm
      title={t('account.twoStep.disableTitle')}
      submitLabel={t('account.twoStep.turnOff')}
      canSubmit={Boolean(proof)}
      pending={disable.isPending}
      onSubmit={() => proof && disable.mutate({ body: proof })}
      onCancel={onClose}
    >
      <Alert severity="warning">{t('account.twoStep.disableNote')}</Alert>
      <TextField
        label={t('account.twoStep.codeOrRecovery')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        error={typed !== '' && !proof}
        slotProps={{ htmlInput: { autoComplete: 'one-time-code', spellCheck: false } }}
        required
        fullWidth
      />
    </DialogForm>
  );
}
