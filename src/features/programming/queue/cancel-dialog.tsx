import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCancelQueued } from '../api/queue-queries.ts';

/** Confirms cancelling a queued or conflicted write; the write is never sent once cancelled. */
export function CancelQueuedDialog({ id, what, onClose }: { id: number | undefined; what: string; onClose(): void }) {
  const { t } = useTranslation();
  const cancel = useCancelQueued();
  return (
    <Dialog
      open={id !== undefined}
      onClose={cancel.isPending ? undefined : onClose}
      aria-labelledby="queue-cancel-title"
    >
      <DialogTitle id="queue-cancel-title">{t('programming.queue.cancel.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('programming.queue.cancel.text', { what })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={cancel.isPending} autoFocus>
          {t('programming.queue.cancel.keep')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={cancel.isPending}
          onClick={() => {
            if (id === undefined) return;
            cancel.mutate(id, { onSuccess: onClose });
          }}
        >
          {t('programming.queue.cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
