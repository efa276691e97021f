/**
 * One record of a settings group, read from the panel and edited in its generated form: loading, a failed read
 * (with Try again), then the form. The panel message has nothing to read: it starts from the schema's defaults
 * (period 60, duration 60, count 5, sound 255).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import type { JsonObject, SettingsForm as SettingsFormEntry } from '@generated/settings/types.ts';
import { MESSAGE_GROUP, type SettingsTarget } from '../../lib/forms/settings/settings-body.ts';
import { MuiXLocalization } from '../../lib/i18n/mui-x-localization.tsx';
import { useSettingsForm, useSettingsRead, useSettingsWrite } from './api/settings-queries.ts';
import { SettingsForm } from './settings-form.tsx';
import { ErrorWithRetry } from '../../shared/page/error-with-retry.tsx';

export interface SettingsEditorProps {
  group: number;
  target: SettingsTarget;
  blockedReason?: string;
  onCancel?(): void;
  /** Called after the panel took a write. */
  onWritten?(): void;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Stack sx={{ alignItems: 'center', py: 4 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Stack>
  );
}

function LoadedEditor({
  form,
  initial,
  target,
  blockedReason,
  onCancel,
  onWritten,
}: Omit<SettingsEditorProps, 'group'> & { form: SettingsFormEntry; initial: JsonObject }) {
  const { t } = useTranslation();
  const { saving, write } = useSettingsWrite(form, target);
  const isMessage = form.group === MESSAGE_GROUP;
  const start = useMemo(
    () =>
      isMessage
        ? // The schema is its own root: its `$ref`s (dev_id → #/$defs/DevId) resolve against it.
          (getDefaultFormState(
            form.validator,
            form.schema as RJSFSchema,
            { dev_id: target.devId },
            form.schema as RJSFSchema,
          ) as JsonObject)
        : undefined,
    [isMessage, form, target.devId],
  );
  return (
    <SettingsForm
      form={form}
      initial={initial}
      start={start}
      blockedReason={blockedReason}
      saving={saving}
      saveLabel={isMessage ? t('programming.send') : undefined}
      onCancel={onCancel}
      onWrite={async (data) => {
        const taken = await write(data);
        if (taken) onWritten?.();
        return taken;
      }}
    />
  );
}

const EMPTY: JsonObject = {};

export function SettingsEditor(props: SettingsEditorProps) {
  const { t } = useTranslation();
  const { group, target } = props;
  const form = useSettingsForm(group);
  const read = useSettingsRead(group, target);
  if (form.isError || read.isError) {
    return (
      <ErrorWithRetry onRetry={() => void (form.isError ? form.refetch() : read.refetch())}>
        {t('programming.readFailed')}
      </ErrorWithRetry>
    );
  }
  const initial = group === MESSAGE_GROUP ? EMPTY : read.data;
  if (!form.data || !initial) return <Loading />;
  return (
    <MuiXLocalization>
      <LoadedEditor {...props} form={form.data} initial={initial} />
    </MuiXLocalization>
  );
}
