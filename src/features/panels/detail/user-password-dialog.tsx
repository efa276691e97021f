import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import type { PanelUser } from '@generated/api/types.gen.ts';
import { notifyRefusal } from '../../../lib/api/feedback.ts';
import { DialogForm, FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { useChangePanelUserPass } from './api/panel-user-actions.ts';
import { passwordsMatch, validatePanelPassword } from './validation.ts';

const EMPTY = { current: '', next: '', repeat: '' };

function PasswordForm({ devId, user, onClose }: { devId: number; user: PanelUser; onClose(): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const change = useChangePanelUserPass(devId, onClose);
  const errors = validatePanelPassword(values);
  const canSubmit = !errors.current && !errors.next && values.repeat !== '';
  const field = (name: keyof typeof EMPTY, label: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete="off"
      required
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      fullWidth
    />
  );
  const submit = () => {
    // Spec 1 §5, §8: a repeat that differs is said in the persistent error toast, and nothing is sent.
    if (!passwordsMatch(values.next, values.repeat)) {
      notifyRefusal(t('panelDetail.users.passwordMismatch'));
      return;
    }
    change.change(values.current, values.next);
  };
  return (
    <DialogForm
      title={t('panelDetail.users.passwordTitle', { number: user.user_no, name: user.name })}
      submitLabel={t('panelDetail.users.passwordSubmit')}
      canSubmit={canSubmit}
      pending={change.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      {field('current', t('panelDetail.users.currentPassword', { name: user.name }))}
      {field('next', t('panelDetail.users.newPassword'))}
      {field('repeat', t('panelDetail.users.repeatPassword'))}
    </DialogForm>
  );
}

/**
 * The password change of a panel user (PWCHG): that user's current password, the new one and its repeat. The
 * contract changes the password of the user whose current password is sent, so the form asks for it.
 */
export function UserPasswordDialog({
  devId,
  user,
  onClose,
}: {
  devId: number;
  user: PanelUser | undefined;
  onClose(): void;
}) {
  return (
    <FormDialog open={user !== undefined} onClose={onClose}>
      {user ? <PasswordForm devId={devId} user={user} onClose={onClose} /> : null}
    </FormDialog>
  );
}
