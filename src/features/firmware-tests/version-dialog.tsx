/**
 * Adding a firmware version to a model, or editing one (spec 2 §3: version number, download link, release notes;
 * the contract adds the SHA-256 digest of the file, which the server verifies before any panel is updated).
 * Rules from the contract (validation.ts: the link is https); a field says what is wrong once it was left, and save stays disabled
 * until every field passes. A saved version closes the dialog and the list reloads.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import type { FirmwareVersion } from '@generated/api/types.gen.ts';
import { DialogForm, FormDialog } from '../../shared/dialogs/form-dialog.tsx';
import { fieldErrors } from '../../lib/forms/schema-rules.ts';
import { fieldMessage } from '../../lib/forms/field-message.ts';
import { useSaveVersion } from './api/firmware-changes.ts';
import { versionAddMessages, versionAddRules, versionEditRules } from './validation.ts';

export interface VersionDialogProps {
  open: boolean;
  modelId: number;
  modelName: string;
  /** The version edited; none to add one. */
  version: FirmwareVersion | undefined;
  onClose: () => void;
}

export function VersionDialog({ open, modelId, modelName, version, onClose }: VersionDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      {open ? (
        <VersionForm
          key={version?.id ?? 'new'}
          modelId={modelId}
          modelName={modelName}
          version={version}
          onClose={onClose}
        />
      ) : null}
    </FormDialog>
  );
}

type Field = 'firmVer' | 'url' | 'sha256' | 'notes';

function VersionForm({ modelId, modelName, version, onClose }: Omit<VersionDialogProps, 'open'>) {
  const { t } = useTranslation();
  const editing = version !== undefined;
  const [values, setValues] = useState({
    firmVer: version?.firm_ver ?? '',
    url: version?.url ?? '',
    sha256: version?.sha256 ?? '',
    notes: version?.description ?? '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const save = useSaveVersion(modelId, editing);
  const rules = editing ? versionEditRules : versionAddRules;
  const sent = {
    firmVer: values.firmVer.trim(),
    url: values.url.trim(),
    sha256: values.sha256.trim().toLowerCase(),
    notes: values.notes.trim(),
  };
  const errors = fieldErrors(rules, versionAddMessages, sent);
  const valid = !errors.firmVer && !errors.notes && !errors.url && !errors.sha256;
  const shown = (field: Field) => (touched[field] ? fieldMessage(t, errors[field], rules.rules[field]) : undefined);
  const field = (name: Field, help?: string) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((now) => ({ ...now, [name]: event.target.value })),
    onBlur: () => setTouched((now) => ({ ...now, [name]: true })),
    error: Boolean(shown(name)),
    helperText: shown(name) ?? help,
    required: true,
    fullWidth: true,
  });
  return (
    <DialogForm
      title={
        editing
          ? t('firmwareTests.versions.editTitle', { version: version.firm_ver })
          : t('firmwareTests.versions.addTitle', { model: modelName })
      }
      submitLabel={t('firmwareTests.save')}
      canSubmit={valid}
      pending={save.isPending}
      onSubmit={() =>
        save.mutate(
          { id: version?.id, firm_ver: sent.firmVer, url: sent.url, sha256: sent.sha256, description: sent.notes },
          { onSuccess: onClose },
        )
      }
      onCancel={onClose}
    >
      <TextField label={t('firmwareTests.versions.firmVer')} {...field('firmVer')} />
      <TextField label={t('firmwareTests.versions.url')} type="url" {...field('url')} />
      <TextField
        label={t('firmwareTests.versions.sha256')}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', style: { fontFamily: 'monospace' } } }}
        {...field('sha256', t('firmwareTests.versions.sha256Help'))}
      />
      <TextField label={t('firmwareTests.versions.notes')} multiline minRows={2} {...field('notes')} />
    </DialogForm>
  );
}
