import { useTranslation } from 'react-i18next';
import DialogTitle from '@mui/material/DialogTitle';
import { FormDialog } from '../../shared/dialogs/form-dialog.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The header menu's change-password modal; closes once the change is confirmed. */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} onClose={onClose}>
      <DialogTitle>{t('account.password.title')}</DialogTitle>
      {/* The form unmounts when the dialog closes, so every opening starts empty. */}
      <ChangePasswordForm variant="dialog" onChanged={onClose} onCancel={onClose} />
    </FormDialog>
  );
}
