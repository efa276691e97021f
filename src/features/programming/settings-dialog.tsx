import { useTranslation } from 'react-i18next';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { SettingsTarget } from '../../lib/forms/settings/settings-body.ts';
import { SettingsEditor } from './settings-editor.tsx';

export interface SettingsDialogProps {
  open: boolean;
  group: number;
  target: SettingsTarget;
  /** The item's number as people know it (zone 3, program 0) and its name, when it has one. */
  number: number;
  name?: string;
  blockedReason?: string;
  offline?: boolean;
  onClose(): void;
}

/** A programming dialog (spec 2 §2): titled with the item's number, its name and "edit"; large. */
export function SettingsDialog({
  open,
  group,
  target,
  number,
  name,
  blockedReason,
  offline,
  onClose,
}: SettingsDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const title = name ? t('programming.dialogTitle', { number, name }) : t('programming.dialogTitleNoName', { number });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="settings-dialog-title"
    >
      <DialogTitle id="settings-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {open ? (
          <SettingsEditor
            group={group}
            target={target}
            blockedReason={blockedReason}
            offline={offline}
            onCancel={onClose}
            onWritten={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
