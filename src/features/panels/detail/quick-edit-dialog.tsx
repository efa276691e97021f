import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { fieldMessage } from '../../../lib/forms/field-message.ts';
import type { FieldRule } from '../../../lib/forms/schema-rules.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';
import { PanelLockoutNotice } from '../../../lib/panels/panel-lockout-notice.tsx';
import { usePanelLockout } from '../../../lib/panels/panel-lockouts.ts';
import { DialogForm, FormDialog } from '../../../shared/dialogs/form-dialog.tsx';

export interface QuickEditValues {
  name: string;
  active: boolean;
}

export interface QuickEditDialogProps {
  /** The panel: a lock of its password shows here, with the time left, and the save waits for it to end. */
  devId: number;
  /** The item being edited; the dialog is closed while undefined. */
  item: (QuickEditValues & { title: string }) | undefined;
  nameRule: FieldRule;
  validate(values: { name: string }): { name?: TranslationKey };
  pending: boolean;
  onSave(values: QuickEditValues): void;
  onClose(): void;
}

function QuickEditForm({ devId, item, nameRule, validate, pending, onSave, onClose }: QuickEditDialogProps) {
  const { t } = useTranslation();
  const lockout = usePanelLockout(devId);
  const [values, setValues] = useState<QuickEditValues>({ name: item?.name ?? '', active: item?.active ?? true });
  const error = validate({ name: values.name.trim() }).name;
  return (
    <DialogForm
      title={item?.title ?? ''}
      submitLabel={t('panelDetail.edit.save')}
      canSubmit={!error && lockout.until === undefined}
      pending={pending}
      onSubmit={() => onSave({ name: values.name.trim(), active: values.active })}
      onCancel={onClose}
    >
      <PanelLockoutNotice {...lockout} />
      <TextField
        label={t('panelDetail.edit.name')}
        value={values.name}
        required={nameRule.required}
        onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
        error={error !== undefined && values.name !== ''}
        helperText={values.name !== '' ? fieldMessage(t, error, nameRule) : undefined}
        fullWidth
      />
      <FormControlLabel
        control={
          <Switch
            checked={values.active}
            onChange={(event) => setValues((current) => ({ ...current, active: event.target.checked }))}
          />
        }
        label={t('panelDetail.edit.active')}
      />
    </DialogForm>
  );
}

/** The quick edit of a zone or an output from its list: its name and whether it is active. */
export function QuickEditDialog(props: QuickEditDialogProps) {
  return (
    <FormDialog open={props.item !== undefined} onClose={props.onClose}>
      {props.item ? <QuickEditForm {...props} /> : null}
    </FormDialog>
  );
}
