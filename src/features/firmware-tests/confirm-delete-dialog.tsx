/**
 * The confirmation before a version or a stage is deleted (spec 2 §4: delete asks first). The call is sent once; a
 * confirmed answer closes the dialog (the list reloads), a refusal keeps it open beside its one toast.
 */
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog } from '../../shared/dialogs/form-dialog.tsx';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  text: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDeleteDialog({ open, title, text, pending, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} onClose={onClose}>
      <DialogForm
        title={title}
        submitLabel={t('firmwareTests.delete')}
        canSubmit
        pending={pending}
        onSubmit={onConfirm}
        onCancel={onClose}
      >
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{text}</DialogContentText>
      </DialogForm>
    </FormDialog>
  );
}
