import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { DialogForm, FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { fieldMessage } from '../../../lib/forms/field-message.ts';
import { useChangePanelDesc } from '../api/change-panel-desc.ts';
import type { PanelView } from '../../../lib/panels/panel-view.ts';
import { renamePanelErrors, renamePanelRules } from './validation.ts';

export interface RenamePanelDialogProps {
  panel: PanelView;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** Change a panel's description (spec 1 §2 Modals); the list reloads afterwards. */
export function RenamePanelDialog({ panel, open, onClose, onDone }: RenamePanelDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <RenamePanelForm panel={panel} onClose={onClose} onDone={onDone} />
    </FormDialog>
  );
}

function RenamePanelForm({ panel, onClose, onDone }: Omit<RenamePanelDialogProps, 'open'>) {
  const { t } = useTranslation();
  const [description, setDescription] = useState(panel.description);
  const [touched, setTouched] = useState(false);
  const change = useChangePanelDesc(onDone);
  const errors = renamePanelErrors(description);
  const shown = touched ? fieldMessage(t, errors.description, renamePanelRules.rules.description) : undefined;
  const unchanged = description.trim() === panel.description;
  return (
    <DialogForm
      title={t('panels.list.rename.title')}
      submitLabel={t('panels.list.rename.save')}
      canSubmit={!errors.description && !unchanged}
      pending={change.isPending}
      onSubmit={() => change.mutate({ body: { device_id: panel.dev_id, Description: description.trim() } })}
      onCancel={onClose}
    >
      <TextField
        label={t('panels.list.rename.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        onBlur={() => setTouched(true)}
        error={Boolean(shown)}
        helperText={shown ?? t('panels.list.deviceId', { devId: panel.dev_id })}
        autoComplete="off"
        required
        fullWidth
      />
    </DialogForm>
  );
}
