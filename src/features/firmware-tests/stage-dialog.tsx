/**
 * Adding a test stage to a model, or updating one's description (spec 2 §3: a stage is what the tester checks).
 * The rule comes from the contract (validation.ts); a saved stage closes the dialog and the list reloads.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import type { TestStage } from '@generated/api/types.gen.ts';
import { DialogForm, FormDialog } from '../../shared/dialogs/form-dialog.tsx';
import { fieldErrors } from '../../lib/forms/schema-rules.ts';
import { fieldMessage } from '../../lib/forms/field-message.ts';
import { useSaveStage } from './api/firmware-changes.ts';
import { stageAddMessages, stageAddRules, stageEditRules } from './validation.ts';

export interface StageDialogProps {
  open: boolean;
  modelId: number;
  modelName: string;
  /** The stage updated, with its place in the list; none to add one. */
  stage: { stage: TestStage; order: number } | undefined;
  onClose: () => void;
}

export function StageDialog({ open, modelId, modelName, stage, onClose }: StageDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      {open ? (
        <StageForm
          key={stage?.stage.id ?? 'new'}
          modelId={modelId}
          modelName={modelName}
          stage={stage}
          onClose={onClose}
        />
      ) : null}
    </FormDialog>
  );
}

function StageForm({ modelId, modelName, stage, onClose }: Omit<StageDialogProps, 'open'>) {
  const { t } = useTranslation();
  const editing = stage !== undefined;
  const [description, setDescription] = useState(stage?.stage.description ?? '');
  const [touched, setTouched] = useState(false);
  const save = useSaveStage(modelId, editing);
  const rules = editing ? stageEditRules : stageAddRules;
  const sent = description.trim();
  const error = fieldErrors(rules, stageAddMessages, { description: sent }).description;
  const shown = touched ? fieldMessage(t, error, rules.rules.description) : undefined;
  return (
    <DialogForm
      title={
        editing
          ? t('firmwareTests.stages.editTitle', { order: stage.order })
          : t('firmwareTests.stages.addTitle', { model: modelName })
      }
      submitLabel={t('firmwareTests.save')}
      canSubmit={!error}
      pending={save.isPending}
      onSubmit={() => save.mutate({ id: stage?.stage.id, description: sent }, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <TextField
        label={t('firmwareTests.stages.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        onBlur={() => setTouched(true)}
        error={Boolean(shown)}
        helperText={shown}
        required
        fullWidth
      />
    </DialogForm>
  );
}
