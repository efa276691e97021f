/**
 * Add panel, in two steps (spec 1 §2 Modals, §4): (1) device id and description ask the panel to show a code;
 * (2) the person types the code from the panel keypad. The panel is saved only when the typed code equals the one
 * the panel was given; a wrong code is said at the field and nothing typed is lost. Then the list reloads and the
 * dialog closes.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DialogForm, FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { notifyValidation } from '../../../lib/api/feedback.ts';
import { fieldMessage } from '../../../lib/forms/field-message.ts';
import { useAddPanel, useRequestPanelCode } from '../api/add-panel.ts';
import {
  addPanelErrors,
  addPanelRules,
  codeRequestErrors,
  codeRequestRules,
  deviceIdError,
  parseDeviceId,
} from './validation.ts';

export interface AddPanelDialogProps {
  open: boolean;
  onClose: () => void;
}

export function AddPanelDialog({ open, onClose }: AddPanelDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <AddPanelForm onClose={onClose} />
    </FormDialog>
  );
}

function AddPanelForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useState('');
  const [description, setDescription] = useState('');
  const [code, setCode] = useState('');
  /** The code the panel was asked to show: set once step 1 succeeded. */
  const [issued, setIssued] = useState<{ devId: number; description: string; code: string } | null>(null);
  const [touched, setTouched] = useState({ deviceId: false, description: false, code: false });
  const [mismatch, setMismatch] = useState(false);
  const requestCode = useRequestPanelCode((shown) => {
    const devId = parseDeviceId(deviceId);
    if (devId !== undefined) setIssued({ devId, description: description.trim(), code: shown });
  });
  const addPanel = useAddPanel(onClose);
  // One call at a time: the code request reaches the panel, and a double click must not send it twice.
  const inFlight = useRef(false);
  const once = (send: () => Promise<unknown>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    send()
      .catch(() => undefined) // the failure was reported by the mutation cache
      .finally(() => {
        inFlight.current = false;
      });
  };

  if (!issued) {
    const errors = { deviceId: deviceIdError(deviceId), ...codeRequestErrors(description) };
    const valid = !errors.deviceId && !errors.description;
    const submit = () => {
      const devId = parseDeviceId(deviceId);
      if (!valid || devId === undefined) {
        setTouched({ ...touched, deviceId: true, description: true });
        notifyValidation(t('panels.list.add.deviceIdInvalid'));
        return;
      }
      once(() => requestCode.mutateAsync({ body: { dev_id: devId, Description: description.trim() } }));
    };
    const shownDeviceId = touched.deviceId ? fieldMessage(t, errors.deviceId) : undefined;
    const shownDescription = touched.description
      ? fieldMessage(t, errors.description, codeRequestRules.rules.description)
      : undefined;
    return (
      <DialogForm
        title={t('panels.list.add.title')}
        submitLabel={t('panels.list.add.requestCode')}
        canSubmit={valid}
        pending={requestCode.isPending}
        onSubmit={submit}
        onCancel={onClose}
      >
        <TextField
          label={t('panels.list.add.deviceId')}
          value={deviceId}
          onChange={(event) => setDeviceId(event.target.value)}
          onBlur={() => setTouched({ ...touched, deviceId: true })}
          error={Boolean(shownDeviceId)}
          helperText={shownDeviceId ?? t('panels.list.add.deviceIdHint')}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          required
          fullWidth
        />
        <TextField
          label={t('panels.list.add.description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          onBlur={() => setTouched({ ...touched, description: true })}
          error={Boolean(shownDescription)}
          helperText={shownDescription}
          autoComplete="off"
          required
          fullWidth
        />
      </DialogForm>
    );
  }

  const errors = addPanelErrors(issued.description, code);
  const shownCode = mismatch
    ? t('panels.list.add.codeMismatch')
    : touched.code
      ? fieldMessage(t, errors.code, addPanelRules.rules.code)
      : undefined;
  const submit = () => {
    if (errors.code) {
      setTouched({ ...touched, code: true });
      return;
    }
    // Saved only when the code typed is the code the panel shows (spec 1 §4): a mismatch is said here, and the
    // person corrects it without starting again.
    if (code.trim() !== issued.code) {
      setMismatch(true);
      return;
    }
    once(() =>
      addPanel.mutateAsync({ body: { dev_id: issued.devId, Description: issued.description, code: code.trim() } }),
    );
  };
  return (
    <DialogForm
      title={t('panels.list.add.title')}
      submitLabel={t('panels.list.add.save')}
      canSubmit={!errors.code}
      pending={addPanel.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Typography>{t('panels.list.add.codeStep', { devId: issued.devId })}</Typography>
      <TextField
        label={t('panels.list.add.code')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setMismatch(false);
        }}
        onBlur={() => setTouched({ ...touched, code: true })}
        error={Boolean(shownCode)}
        helperText={shownCode}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
        autoFocus
        required
        fullWidth
      />
    </DialogForm>
  );
}
