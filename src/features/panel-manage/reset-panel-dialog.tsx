/**
 * Reset a panel (spec 1 §2 "A header button resets a panel", Modals "reset panel card", §7 `POST reset-device-info`
 * with `dev_id`). The call needs a device id, so the dialog first asks which panel: typed, or picked from the panels
 * of the list (device id and description). A second step asks to confirm, naming the panel; only that sends the
 * call, once, with its progress shown. A confirmed answer closes the dialog and reads the list again; a refusal or
 * failure keeps it open beside the error's toast.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import DialogContentText from '@mui/material/DialogContentText';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import type { PanelListAll, PanelListRow } from '@generated/api/types.gen.ts';
import { DialogForm, FormDialog } from '../../shared/dialogs/form-dialog.tsx';
import { useResetPanel } from './api/panel-changes.ts';
import { panelListKey } from './api/panel-list.ts';
import { parseDeviceId } from '../../lib/forms/device-id.ts';

export interface ResetPanelDialogProps {
  open: boolean;
  onClose: () => void;
}

export function ResetPanelDialog({ open, onClose }: ResetPanelDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <ResetPanelForm onClose={onClose} />
    </FormDialog>
  );
}

function ResetPanelForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The panels the list has read (no call of its own): suggestions, and the name of the panel confirmed.
  const [panels] = useState<readonly PanelListRow[]>(
    () => queryClient.getQueryData<PanelListAll>(panelListKey())?.data ?? [],
  );
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState<number>();
  const reset = useResetPanel(onClose);
  const devId = parseDeviceId(text);

  if (confirming !== undefined) {
    const name = panels.find((panel) => panel.dev_id === confirming)?.description;
    return (
      <DialogForm
        title={t('panelManage.reset.title')}
        submitLabel={t('panelManage.reset.title')}
        canSubmit
        pending={reset.isPending}
        onSubmit={() => reset.mutate({ body: { dev_id: confirming } })}
        onCancel={onClose}
      >
        <ConfirmText>
          {name
            ? t('panelManage.reset.confirmNamed', { devId: confirming, name })
            : t('panelManage.reset.confirm', { devId: confirming })}
        </ConfirmText>
      </DialogForm>
    );
  }

  const error = touched && devId === undefined;
  return (
    <DialogForm
      title={t('panelManage.reset.title')}
      submitLabel={t('panelManage.reset.next')}
      canSubmit={devId !== undefined}
      pending={false}
      onSubmit={() => setConfirming(devId)}
      onCancel={onClose}
    >
      <DialogContentText>{t('panelManage.reset.intro')}</DialogContentText>
      <Autocomplete<PanelListRow, false, false, true>
        freeSolo
        options={panels}
        inputValue={text}
        onInputChange={(_event, value) => setText(value)}
        getOptionLabel={(option) => (typeof option === 'string' ? option : String(option.dev_id))}
        getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
        filterOptions={(listed, { inputValue }) => {
          const typed = inputValue.trim().toLocaleLowerCase();
          return listed.filter(
            (panel) => String(panel.dev_id).includes(typed) || panel.description.toLocaleLowerCase().includes(typed),
          );
        }}
        renderOption={({ key, ...props }, panel) => (
          <li key={key} {...props}>
            <ListItemText primary={panel.dev_id} secondary={panel.description} />
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            required
            label={t('panelManage.reset.devId')}
            error={error}
            helperText={error ? t('panelManage.reset.devIdInvalid') : t('panelManage.reset.devIdHint')}
            onBlur={() => setTouched(true)}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, inputMode: 'numeric', autoComplete: 'off', maxLength: 20 },
            }}
          />
        )}
      />
    </DialogForm>
  );
}

/** The confirmation, focused when it shows (the field that had the focus is gone). */
function ConfirmText({ children }: { children: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <DialogContentText ref={ref} tabIndex={-1} sx={{ overflowWrap: 'anywhere', outline: 'none' }}>
      {children}
    </DialogContentText>
  );
}
