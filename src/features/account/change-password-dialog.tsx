import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { ChangePasswordForm } from './change-password-form.tsx';

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

const TITLE_ID = 'change-password-dialog-title';

/** The header menu's change-password modal; closes once the change is confirmed. */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const firstField = useRef<HTMLInputElement>(null);
  return (
    // Small on purpose: the spec's "modals are large by default" is about the panel dialogs with lists and
    // settings; three password fields in a large dialog would only stretch the inputs.
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={TITLE_ID}
      // The first field gets the focus once the dialog has opened: `autoFocus` alone loses it when the menu
      // that opened the dialog hands the focus back to its button.
      slotProps={{ transition: { onEntered: () => firstField.current?.focus() } }}
    >
      <DialogTitle id={TITLE_ID}>{t('account.password.title')}</DialogTitle>
      {/* The form unmounts when the dialog closes, so every opening starts empty. */}
      <ChangePasswordForm variant="dialog" onChanged={onClose} onCancel={onClose} firstFieldRef={firstField} />
    </Dialog>
  );
}
