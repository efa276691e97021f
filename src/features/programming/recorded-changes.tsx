/**
 * The changes a settings write made (the audit log's entry: group, fields old → new) shown as the review of changes
 * before a write (`ChangeTable`): each field with its form label and its values as the form shows them (an option's
 * name, a lookup entry's name, days, keypads). The group's form and the lookups it names come from the cache the
 * forms share; a field the form does not have is left out of the table and counted below it.
 */
import { useTranslation } from 'react-i18next';
import { useQueries, useQuery } from '@tanstack/react-query';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { JsonObject, JsonValue } from '@generated/settings/types.ts';
import { diffSettings } from '../../lib/forms/settings/settings-diff.ts';
import { uiOptions } from '../../lib/forms/settings/schema-walk.ts';
import type { SettingsChangesProps } from '../../lib/panels/programming-parts.ts';
import { ErrorWithRetry } from '../../shared/page/error-with-retry.tsx';
import { settingsFormQuery } from './api/settings-queries.ts';
import { ChangeTable } from './change-table.tsx';
import { isLookupName, lookupQuery } from './use-lookup.ts';

export function RecordedChanges({ group, changes }: SettingsChangesProps) {
  const { t } = useTranslation();
  const form = useQuery(settingsFormQuery(group));
  const before: JsonObject = {};
  const after: JsonObject = {};
  for (const change of changes) {
    if (change.old !== undefined) before[change.field] = change.old as JsonValue;
    after[change.field] = change.new as JsonValue;
  }
  const diff = form.data ? diffSettings(form.data.schema, form.data.uiSchema, before, after) : [];
  const lookups = new Set(diff.map((change) => uiOptions(change.ui).lookup).filter(isLookupName));
  const lists = useQueries({ queries: [...lookups].filter(isLookupName).map((name) => lookupQuery(name)) });
  if (form.isError) {
    return <ErrorWithRetry onRetry={() => void form.refetch()}>{t('programming.recorded.loadFailed')}</ErrorWithRetry>;
  }
  if (!form.data || lists.some((list) => list.isPending)) return <CircularProgress aria-label={t('common.loading')} />;
  const shown = new Set(diff.map((change) => change.path[0]));
  const others = changes.filter((change) => !shown.has(change.field)).length;
  return (
    <>
      <ChangeTable changes={diff} root={form.data.schema} recorded />
      {others > 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('programming.recorded.others', { count: others })}
        </Typography>
      ) : null}
    </>
  );
}
