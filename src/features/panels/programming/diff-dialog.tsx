import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { SettingsChange } from '../../../lib/forms/settings/settings-diff.ts';
import { ChangeTable } from './change-table.tsx';

export interface DiffDialogProps {
  open: boolean;
  changes: SettingsChange[];
  saving: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** Before a write: exactly which fields change, old → new; nothing is sent until the person confirms. */
export function DiffDialog({ open, changes, saving, onCancel, onConfirm }: DiffDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onCancel}
      maxWidth="md"
      fullWidth
      aria-labelledby="settings-diff-title"
    >
      <DialogTitle id="settings-diff-title">{t('programming.diff.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('programming.diff.intro', { count: changes.length })}</DialogContentText>
        <ChangeTable changes={changes} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={saving || changes.length === 0} autoFocus>
          {saving ? t('programming.diff.writing') : t('programming.diff.write')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
