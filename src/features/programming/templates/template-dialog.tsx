/**
 * The frame of the template dialogs: large (MUI "lg", full width), full screen on a phone, titled, with the
 * dialog's buttons. While a job writes, the dialog cannot be closed (Escape, the backdrop and Close wait): Stop first.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

export interface TemplateDialogProps {
  open: boolean;
  /** Unique per dialog (the title's id). */
  id: string;
  title: string;
  /** A job that must not be left is under way: closing waits. */
  busy?: boolean;
  onClose(): void;
  /** Buttons before Close. */
  actions?: ReactNode;
  /** The dialog has finished closing (its content may go). */
  onExited?(): void;
  children: ReactNode;
}

/**
 * Keeps a dialog's content mounted from its opening until it has finished closing, so every opening starts afresh
 * while the closing still shows what was there.
 */
export function useOpening(open: boolean) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return { mounted, onExited: () => setMounted(false) };
}

export function TemplateDialog({
  open,
  id,
  title,
  busy = false,
  onClose,
  actions,
  onExited,
  children,
}: TemplateDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="lg"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby={`${id}-title`}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {/* Focusable, so its scrolling works from the keyboard even when it holds only text and tables. */}
      <DialogContent dividers tabIndex={0}>
        <Stack spacing={2}>{children}</Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        {actions}
        <Button onClick={close} disabled={busy}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
