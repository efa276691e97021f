import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { PanelUser } from '@generated/api/types.gen.ts';
import type { PanelLogin } from '../../../lib/session/panel-logins.ts';
import { DialogForm, FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { useDeletePanelUser } from './api/panel-user-actions.ts';

/** Confirms deleting a panel user (DELETEUSER, member = user number + 1), with the panel password of the login. */
export function UserDeleteDialog({
  devId,
  login,
  user,
  onClose,
}: {
  devId: number;
  login: PanelLogin;
  user: PanelUser | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const remove = useDeletePanelUser(devId, login, onClose);
  return (
    <FormDialog open={user !== undefined} onClose={onClose}>
      {user ? (
        <DialogForm
          title={t('panelDetail.users.deleteTitle', { number: user.user_no, name: user.name })}
          submitLabel={t('panelDetail.users.deleteSubmit')}
          canSubmit
          pending={remove.isPending}
          onSubmit={() => remove.remove(user.user_no)}
          onCancel={onClose}
        >
          <Typography>{t('panelDetail.users.deleteText', { number: user.user_no, name: user.name })}</Typography>
        </DialogForm>
      ) : null}
    </FormDialog>
  );
}
