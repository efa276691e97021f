/**
 * The user list's "move subscriptions" action (spec 1 §2, §4 "User administration"; the proposed
 * `POST /user/movesubscriptions`): the dialog names the user and lists the subscriptions that move, and asks for the
 * receiving user with the user picker of the panel copy dialog (the user moved from is not offered). The save button
 * stays disabled until a user is picked; it sends the call once and shows its progress; a confirmed answer closes
 * the dialog (the success toast of every user action) and reads the list again; a refusal or failure keeps it open
 * beside the error's toast.
 */
import { useTranslation } from 'react-i18next';
import DialogContentText from '@mui/material/DialogContentText';
import type { User } from '@generated/api/types.gen.ts';
import { PickUserForm } from '../../lib/users/pick-user-form.tsx';
import { FormDialog } from '../../shared/dialogs/form-dialog.tsx';
import { useMoveSubscriptions } from './api/user-saves.ts';
import { SubscriptionList } from './subscription-list.tsx';

export interface MoveSubscriptionsDialogProps {
  /** The user whose subscriptions move; kept while the dialog closes, so its text does not vanish mid-transition. */
  user: User | undefined;
  open: boolean;
  onClose: () => void;
}

export function MoveSubscriptionsDialog({ user, open, onClose }: MoveSubscriptionsDialogProps) {
  return (
    <FormDialog open={open && user !== undefined} onClose={onClose}>
      {user ? <MoveSubscriptionsForm key={user.id} user={user} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function MoveSubscriptionsForm({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const move = useMoveSubscriptions(onClose);
  return (
    <PickUserForm
      title={t('users.move.title')}
      submitLabel={t('users.move.submit')}
      pickerLabel={t('users.move.target')}
      excludeId={user.id}
      status={(picked) =>
        picked ? t('users.move.picked', { name: picked.name, email: picked.email }) : t('users.move.required')
      }
      pending={move.isPending}
      onSubmit={(target) => move.mutate({ body: { user_id: user.id, new_user_id: target.id } })}
      onCancel={onClose}
    >
      <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
        {t('users.move.text', { name: user.name, email: user.email })}
      </DialogContentText>
      <SubscriptionList subscriptions={user.subscribes} />
    </PickUserForm>
  );
}
