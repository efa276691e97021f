/**
 * The error button's modal on the run page (spec 2 §4): it asks what went wrong in the stage and sends the row with
 * result false and that description (required, the contract's rule). A saved answer closes it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import type { TestResult } from '@generated/api/types.gen.ts';
import { DialogForm, FormDialog } from '../../shared/dialogs/form-dialog.tsx';
import { fieldMessage } from '../../lib/forms/field-message.ts';
import { errorDescriptionProblem } from './validation.ts';

export interface ErrorResultDialogProps {
  /** The row being answered; the dialog is open while it is given. */
  row: TestResult | undefined;
  pending: boolean;
  onSend: (description: string) => void;
  onClose: () => void;
}

export function ErrorResultDialog({ row, pending, onSend, onClose }: ErrorResultDialogProps) {
  return (
    <FormDialog open={row !== undefined} onClose={onClose}>
      {row ? <ErrorResultForm key={row.id} row={row} pending={pending} onSend={onSend} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function ErrorResultForm({ row, pending, onSend, onClose }: ErrorResultDialogProps & { row: TestResult }) {
  const { t } = useTranslation();
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const sent = description.trim();
  const error = errorDescriptionProblem(sent);
  const shown = touched ? fieldMessage(t, error) : undefined;
  return (
    <DialogForm
      title={t('firmwareTests.run.errorTitle', { stage: row.description })}
      submitLabel={t('firmwareTests.run.errorSubmit')}
      canSubmit={!error}
      pending={pending}
      onSubmit={() => onSend(sent)}
      onCancel={onClose}
    >
      <TextField
        label={t('firmwareTests.run.errorLabel')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        onBlur={() => setTouched(true)}
        error={Boolean(shown)}
        helperText={shown}
        multiline
        minRows={3}
        required
        fullWidth
      />
    </DialogForm>
  );
}
