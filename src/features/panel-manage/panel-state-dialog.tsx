/**
 * The panel state dialogs (spec 1 §2 Modals "Set panel state", §4): set a panel passive (state 0, red icon) or
 * active (state 1, green icon) after a confirmation naming the panel. The save button sends the call once (no
 * automatic retry) and shows its progress; a confirmed answer closes the dialog, takes the list back to its first
 * page (offset 0) and reads it again; a refusal or failure keeps the dialog open beside the error's toast.
 */
import { useTranslation } from 'react-i18next';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbOnIcon from '@mui/icons-material/DoNotDisturbOn';
import type { PanelListRow } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import { DialogForm, FormDialog } from '../../shared/dialogs/form-dialog.tsx';
import { useSetPanelState } from './api/panel-changes.ts';
import { STATE_OF, type StateAction } from './manage-access.ts';

const TEXTS: Record<StateAction, { title: TranslationKey; text: TranslationKey; submit: TranslationKey }> = {
  activate: {
    title: 'panelManage.state.activate.title',
    text: 'panelManage.state.activate.text',
    submit: 'panelManage.actions.activate',
  },
  deactivate: {
    title: 'panelManage.state.deactivate.title',
    text: 'panelManage.state.deactivate.text',
    submit: 'panelManage.actions.deactivate',
  },
};

export interface PendingState {
  action: StateAction;
  panel: PanelListRow;
}

export interface PanelStateDialogProps {
  /** The change asked for; kept while the dialog closes, so its text does not vanish mid-transition. */
  pending: PendingState | undefined;
  open: boolean;
  onClose: () => void;
  /** After a confirmed change (the dialog is closed by the page). */
  onDone: () => void;
}

export function PanelStateDialog({ pending, open, onClose, onDone }: PanelStateDialogProps) {
  return (
    <FormDialog open={open && pending !== undefined} onClose={onClose}>
      {pending ? (
        <PanelStateForm key={`${pending.action}:${pending.panel.id}`} {...pending} onClose={onClose} onDone={onDone} />
      ) : null}
    </FormDialog>
  );
}

function PanelStateForm({
  action,
  panel,
  onClose,
  onDone,
}: PendingState & { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const call = useSetPanelState(onDone);
  const texts = TEXTS[action];
  const Icon = action === 'activate' ? CheckCircleIcon : DoNotDisturbOnIcon;
  return (
    <DialogForm
      title={t(texts.title)}
      submitLabel={t(texts.submit)}
      canSubmit
      pending={call.isPending}
      onSubmit={() => call.mutate({ body: { dev_id: panel.dev_id, state: STATE_OF[action] } })}
      onCancel={onClose}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Icon color={action === 'activate' ? 'success' : 'error'} fontSize="large" aria-hidden />
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {t(texts.text, { name: panel.description, devId: panel.dev_id })}
        </DialogContentText>
      </Stack>
    </DialogForm>
  );
}
