/**
 * The frame of the console's form dialogs: a form (Enter submits) with a title, the fields, a cancel button and
 * a save button with its own label that is disabled while the form cannot be sent and shows a spinner while
 * the call is pending (spec 1 §4 "Panel-level dialogs", §5 "Submit buttons").
 *
 * Size: the spec makes modals "large", but MUI `maxWidth="lg"` (1200 px) would stretch one or two text fields
 * across the screen. These are short forms, so they use `maxWidth="sm"` (600 px) with `fullWidth`: as wide as
 * a form line should be, and the full width of a phone screen.
 */
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's form; it is unmounted when the dialog closes, so every opening starts empty. */
  children: ReactNode;
  /** 'xs' for the spec's medium dialogs (the panel password prompt); the others are 'sm'. */
  maxWidth?: 'xs' | 'sm';
}

/**
 * Puts the cursor in the first field once the dialog shows. `autoFocus` alone does not do it on opening: the
 * field mounts while the modal is still hidden, so the focus trap falls back to the dialog container.
 */
const focusFirstField = (node: HTMLElement) => {
  if (node.contains(document.activeElement) && document.activeElement?.matches('input, select, textarea')) return;
  node.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), select, textarea')?.focus();
};

/**
 * The first field of fields that may mount after the dialog has shown (their data arrived late): a ref that puts the
 * cursor there, unless the person has already put it on a control. Fields that mount with the dialog are focused by
 * the dialog as it shows (the opening button still holds the focus when they mount).
 */
export const firstFieldRef = (field: HTMLElement | null): void => {
  const active = document.activeElement;
  if (field && !(active instanceof HTMLElement && active.matches('input, select, textarea, button, a[href]'))) {
    field.focus();
  }
};

export function FormDialog({ open, onClose, children, maxWidth = 'sm' }: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={maxWidth}
      fullWidth
      slotProps={{ transition: { onEntering: focusFirstField, onEntered: focusFirstField } }}
    >
      {children}
    </Dialog>
  );
}

export interface DialogFormProps {
  title: string;
  submitLabel: string;
  /** False while the form cannot be sent (empty or invalid fields). */
  canSubmit: boolean;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}

export function DialogForm({ title, submitLabel, canSubmit, pending, onSubmit, onCancel, children }: DialogFormProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit && !pending) onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={pending}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!canSubmit} loading={pending} loadingPosition="start">
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
