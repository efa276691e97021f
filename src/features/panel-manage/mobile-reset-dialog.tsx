/**
 * The mobile reset of an account linked to a panel (spec 1 §2 "Panel users list", Modals "mobile reset"): a
 * confirmation naming the account; the save button sends the call once (no automatic retry) and shows its progress;
 * a confirmed answer closes the dialog; a refusal or failure keeps it open beside the error's toast.
 */
import { useTranslation } from 'react-i18next';
import DialogContentText from '@mui/material/DialogContentText';
import type { PanelAccountUser } from '@generated/api/types.gen.ts';
import { DialogForm, FormDialog } from '../../shared/dialogs/form-dialog.tsx';
import { useMobileReset } from './api/mobile-reset.ts';

export interface MobileResetDialogProps {
  /** The account; kept while the dialog closes, so its text does not vanish mid-transition. */
  user: PanelAccountUser | undefined;
  open: boolean;
  onClose: () => void;
}

export function MobileResetDialog({ user, open, onClose }: MobileResetDialogProps) {
  return (
    <FormDialog open={open && user !== undefined} onClose={onClose}>
      {user ? <MobileResetForm key={user.id} user={user} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function MobileResetForm({ user, onClose }: { user: PanelAccountUser; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useMobileReset(onClose);
  return (
    <DialogForm
      title={t('panelManage.users.mobileReset.title')}
      submitLabel={t('panelManage.users.mobileReset.submit')}
      canSubmit
      pending={reset.isPending}
      onSubmit={() => reset.mutate({ body: { user_id: user.id } })}
      onCancel={onClose}
    >
      <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
        {t('panelManage.users.mobileReset.text', { name: user.name, email: user.email })}
      </DialogContentText>
    </DialogForm>
  );
}
