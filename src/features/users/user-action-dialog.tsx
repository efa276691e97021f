/**
 * The confirmation of a user row action (spec 1 §2 Modals "User administration", §4): it names the user and what
 * will happen; the save button sends the call once (no automatic retry) and shows its progress. A confirmed answer
 * closes the dialog and reloads the list (a password reset first shows the account's one-time password, once); a
 * refusal or failure keeps it open beside the error's toast.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import DialogContentText from '@mui/material/DialogContentText';
import type { OneTimePassword, User } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import { DialogForm, FormDialog } from '../../shared/dialogs/form-dialog.tsx';
import { useUserChange } from './api/user-changes.ts';
import { OneTimePasswordView } from './one-time-password-view.tsx';
import { ACTION_LABELS } from './user-action-texts.ts';
import type { UserChange } from './user-actions-model.ts';

/** What each confirmation asks, naming the user (its title and button are the action's own name). */
const QUESTIONS: Record<UserChange, TranslationKey> = {
  activate: 'users.confirm.activate',
  deactivate: 'users.confirm.deactivate',
  mobileReset: 'users.confirm.mobileReset',
  passwordReset: 'users.confirm.passwordReset',
  delete: 'users.confirm.delete',
};

export interface PendingChange {
  change: UserChange;
  user: User;
}

export interface UserActionDialogProps {
  /** The action asked for; kept while the dialog closes, so its text does not vanish mid-transition. */
  pending: PendingChange | undefined;
  open: boolean;
  onClose: () => void;
}

export function UserActionDialog({ pending, open, onClose }: UserActionDialogProps) {
  return (
    <FormDialog open={open && pending !== undefined} onClose={onClose}>
      {pending ? <UserActionForm key={`${pending.change}:${pending.user.id}`} {...pending} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function UserActionForm({ change, user, onClose }: PendingChange & { onClose: () => void }) {
  const { t } = useTranslation();
  // A password reset answers the one-time password: the dialog shows it once instead of closing.
  const [oneTime, setOneTime] = useState<OneTimePassword>();
  const call = useUserChange(change, (result) =>
    'one_time_password' in result ? setOneTime(result.one_time_password) : onClose(),
  );
  const label = t(ACTION_LABELS[change]);
  if (oneTime) return <OneTimePasswordView name={user.name} password={oneTime} onDone={onClose} />;
  return (
    <DialogForm
      title={label}
      submitLabel={label}
      canSubmit
      pending={call.isPending}
      onSubmit={() => call.mutate(user.id)}
      onCancel={onClose}
    >
      <DialogContentText>{t(QUESTIONS[change], { name: user.name, email: user.email })}</DialogContentText>
    </DialogForm>
  );
}
