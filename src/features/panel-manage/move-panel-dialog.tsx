/**
 * Copy (move) a panel to another user (spec 1 §2 Modals, §5 "Move panel: a user must be picked", §7 `POST
 * command/devices/move-device` with the panel's `id` and `new_user_id`). The spec makes this dialog extra large
 * (the others large): MUI's `lg` (1200 px), the size of an extra-large modal, and the full width of a phone. The
 * save button stays disabled until a user is picked; it sends the call once and shows its progress; a confirmed
 * answer closes the dialog and reads the list again; a refusal or failure keeps it open beside the error's toast.
 */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import type { PanelListRow } from '@generated/api/types.gen.ts';
import { PickUserForm } from '../../lib/users/pick-user-form.tsx';
import { useMovePanel } from './api/panel-changes.ts';
import { modelOf } from './panel-rows.ts';

export interface MovePanelDialogProps {
  /** The panel to copy; kept while the dialog closes, so its text does not vanish mid-transition. */
  panel: PanelListRow | undefined;
  open: boolean;
  onClose: () => void;
}

/** Puts the cursor in the picker once the dialog shows (the field mounts while the modal is still hidden). */
const focusPicker = (node: HTMLElement) => node.querySelector<HTMLElement>('input')?.focus();

export function MovePanelDialog({ panel, open, onClose }: MovePanelDialogProps) {
  return (
    <Dialog
      open={open && panel !== undefined}
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      slotProps={{ transition: { onEntered: focusPicker } }}
    >
      {panel ? <MovePanelForm key={panel.id} panel={panel} onClose={onClose} /> : null}
    </Dialog>
  );
}

function MovePanelForm({ panel, onClose }: { panel: PanelListRow; onClose: () => void }) {
  const { t } = useTranslation();
  const move = useMovePanel(onClose);
  return (
    <PickUserForm
      title={t('panelManage.move.title')}
      submitLabel={t('panelManage.move.submit')}
      pickerLabel={t('panelManage.move.user')}
      status={(picked) =>
        picked
          ? t('panelManage.move.picked', { name: picked.name, email: picked.email })
          : t('panelManage.move.required')
      }
      pending={move.isPending}
      onSubmit={(user) => move.mutate({ body: { id: panel.id, new_user_id: user.id } })}
      onCancel={onClose}
    >
      <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
        {t('panelManage.move.text', { name: panel.description, devId: panel.dev_id })}
      </DialogContentText>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        <Typography component="dt" sx={{ color: 'text.secondary' }}>
          {t('panelManage.columns.devId')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {panel.dev_id}
        </Typography>
        <Typography component="dt" sx={{ color: 'text.secondary' }}>
          {t('panelManage.columns.description')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {panel.description}
        </Typography>
        <Typography component="dt" sx={{ color: 'text.secondary' }}>
          {t('panelManage.columns.model')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {modelOf(panel) ?? ''}
        </Typography>
      </Box>
    </PickUserForm>
  );
}
