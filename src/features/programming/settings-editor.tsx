/**
 * One record of a settings group, read from the panel and edited in its generated form: loading, a failed read
 * (with Try again), then the form. The panel message has nothing to read: it starts from the schema's defaults
 * (period 60, duration 60, count 5, sound 255).
 *
 * A panel that is offline when the form opens is not refused: the form starts from the server's known
 * copy of the record (getKnownSettings), says so and when it was known, and its review queues the write for when
 * the panel connects. A panel that goes offline while its form is open keeps the values read from it as the review's
 * "before" and queues too. The panel message is not a setting: it cannot be queued and still needs the panel.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import type { JsonObject, SettingsForm as SettingsFormEntry } from '@generated/settings/types.ts';
import { MESSAGE_GROUP, type SettingsTarget } from '../../lib/forms/settings/settings-body.ts';
import { MuiXLocalization } from '../../lib/i18n/mui-x-localization.tsx';
import { formatDate } from '../../shared/format/dates.ts';
import { useKnownSettings, useQueueWrite } from './api/queue-queries.ts';
import { useSettingsForm, useSettingsRead, useSettingsWrite } from './api/settings-queries.ts';
import { SettingsForm } from './settings-form.tsx';
import { ErrorWithRetry } from '../../shared/page/error-with-retry.tsx';

export interface SettingsEditorProps {
  group: number;
  target: SettingsTarget;
  blockedReason?: string;
  /** The panel is not connected (the live feed or its record says so): the form queues instead of writing. */
  offline?: boolean;
  onCancel?(): void;
  /** Called after the panel took a write, or the server queued it. */
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
  offline = false,
  knownAt,
  onCancel,
  onWritten,
}: Omit<SettingsEditorProps, 'group'> & { form: SettingsFormEntry; initial: JsonObject; knownAt?: string }) {
  const { t } = useTranslation();
  const { saving, write } = useSettingsWrite(form, target);
  const { queueing, queue } = useQueueWrite(form, target);
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
  const queues = offline && !isMessage;
  return (
    <>
      {queues ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="settings-offline-note">
          {knownAt
            ? t('programming.queue.offlineNote', { time: formatDate(knownAt, 'panel') })
            : t('programming.queue.offlineNoteUnknown')}
        </Alert>
      ) : null}
      <SettingsForm
        form={form}
        initial={initial}
        start={start}
        blockedReason={isMessage && offline ? (blockedReason ?? t('commands.reason.disconnected')) : blockedReason}
        saving={saving || queueing}
        saveLabel={isMessage ? t('programming.send') : undefined}
        onCancel={onCancel}
        offline={queues}
        onWrite={async (data) => {
          const taken = await write(data);
          if (taken) onWritten?.();
          return taken;
        }}
        onQueue={async (data, before, key) => {
          const queued = await queue(data, before, key);
          if (queued) onWritten?.();
          return queued;
        }}
      />
    </>
  );
}

const EMPTY: JsonObject = {};

export function SettingsEditor(props: SettingsEditorProps) {
  const { t } = useTranslation();
  const { group, target, offline = false } = props;
  // Where the review's "before" comes from, chosen when the form opens: the panel, or (offline) the known copy.
  const [fromKnown] = useState(offline && group !== MESSAGE_GROUP);
  const form = useSettingsForm(group);
  const read = useSettingsRead(group, target, !fromKnown);
  const known = useKnownSettings(group, target, fromKnown);
  const record = fromKnown ? known : read;
  if (form.isError || record.isError) {
    return (
      <ErrorWithRetry onRetry={() => void (form.isError ? form.refetch() : record.refetch())}>
        {t('programming.readFailed')}
      </ErrorWithRetry>
    );
  }
  const initial =
    group === MESSAGE_GROUP ? EMPTY : fromKnown ? (known.data?.data as JsonObject | undefined) : read.data;
  if (!form.data || !initial) return <Loading />;
  return (
    <MuiXLocalization>
      <LoadedEditor
        {...props}
        form={form.data}
        initial={initial}
        knownAt={fromKnown ? known.data?.known_at : undefined}
      />
    </MuiXLocalization>
  );
}
