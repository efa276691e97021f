import { useTranslation } from 'react-i18next';
import DialogContentText from '@mui/material/DialogContentText';
import { DialogForm, FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { useRemovePanel } from '../api/remove-panel.ts';
import type { PanelView } from '../../../lib/panels/panel-view.ts';

export interface RemovePanelDialogProps {
  panel: PanelView;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** Delete a panel from the user's panels (spec 1 §2 Modals); the list reloads afterwards. */
export function RemovePanelDialog({ panel, open, onClose, onDone }: RemovePanelDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <RemovePanelForm panel={panel} onClose={onClose} onDone={onDone} />
    </FormDialog>
  );
}

function RemovePanelForm({ panel, onClose, onDone }: Omit<RemovePanelDialogProps, 'open'>) {
  const { t } = useTranslation();
  const remove = useRemovePanel(onDone);
  return (
    <DialogForm
      title={t('panels.list.remove.title')}
      submitLabel={t('panels.list.remove.save')}
      canSubmit
      pending={remove.isPending}
      onSubmit={() => remove.mutate({ body: { device_id: panel.dev_id } })}
      onCancel={onClose}
    >
      <DialogContentText>
        {t('panels.list.remove.confirm', { name: panel.description, devId: panel.dev_id })}
      </DialogContentText>
    </DialogForm>
  );
}
