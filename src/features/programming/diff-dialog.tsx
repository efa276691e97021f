import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { SettingsChange } from '../../lib/forms/settings/settings-diff.ts';
import { ChangeTable } from './change-table.tsx';

export interface DiffDialogProps {
  open: boolean;
  changes: SettingsChange[];
  saving: boolean;
  /**
   * Why nothing can be written now (the panel armed or disconnected, no permission), translated: while it is set,
   * also when it comes while the review is open, "Write to panel" is disabled and the reason is shown.
   */
  blockedReason?: string;
  /**
   * The panel is offline: the review queues the write for when it connects ("Queue for when the
   * panel connects") instead of writing it.
   */
  offline?: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** Before a write: exactly which fields change, old → new; nothing is sent until the person confirms. */
export function DiffDialog({ open, changes, saving, blockedReason, offline, onCancel, onConfirm }: DiffDialogProps) {
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
        <DialogContentText sx={{ mb: 2 }}>
          {offline
            ? t('programming.queue.reviewIntro', { count: changes.length })
            : t('programming.diff.intro', { count: changes.length })}
        </DialogContentText>
        <ChangeTable changes={changes} />
      </DialogContent>
      <DiffActions
        changes={changes}
        saving={saving}
        blockedReason={blockedReason}
        offline={offline}
        onCancel={onCancel}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}

/**
 * The review's footer: the reason nothing can be written, if any, then Cancel and "Write to panel" (or, for an
 * offline panel, "Queue for when the panel connects").
 */
export function DiffActions({
  changes,
  saving,
  blockedReason,
  offline,
  onCancel,
  onConfirm,
}: Omit<DiffDialogProps, 'open'>) {
  const { t } = useTranslation();
  const blocked = !!blockedReason;
  return (
    <>
      {blocked ? (
        <Alert severity="info" sx={{ mx: 3 }} id="settings-diff-blocked">
          {blockedReason}
        </Alert>
      ) : null}
      <DialogActions>
        <Button onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={saving || blocked || changes.length === 0}
          aria-describedby={blocked ? 'settings-diff-blocked' : undefined}
          autoFocus
        >
          {offline
            ? saving
              ? t('programming.queue.queueing')
              : t('programming.queue.queue')
            : saving
              ? t('programming.diff.writing')
              : t('programming.diff.write')}
        </Button>
      </DialogActions>
    </>
  );
}
