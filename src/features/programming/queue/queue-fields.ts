/**
 * A queued write's fields as the forms name and show them: each field's form label and its values drawn as the
 * review draws them (an option's name, yes/no, keypads, days), from the group's form (the forms' shared cache).
 */
import { useTranslation } from 'react-i18next';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { JsonValue, SettingsForm } from '@generated/settings/types.ts';
import { i18nKeyOf, propertiesOf, uiChild, uiOptions } from '../../../lib/forms/settings/schema-walk.ts';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { settingsFormQuery } from '../api/settings-queries.ts';
import { settingValue, type ValueContext } from '../setting-value.ts';
import { isLookupName, lookupQuery, type LookupEntry } from '../use-lookup.ts';

export interface FieldView {
  label: string;
  show(value: unknown): string;
}

/** Names and shows the fields of the given groups; `pending` until their forms are loaded. */
export function useFieldViews(groups: readonly number[]) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const unique = [...new Set(groups)];
  const forms = useQueries({ queries: unique.map((group) => settingsFormQuery(group)) });
  const byGroup = new Map<number, SettingsForm>();
  unique.forEach((group, index) => {
    const data = forms[index]?.data;
    if (data) byGroup.set(group, data);
  });
  const tt = schemaTranslate(t);
  const view = (group: number, field: string): FieldView => {
    const form = byGroup.get(group);
    const root = form?.schema;
    const property = root ? propertiesOf(root, root).find(([name]) => name === field)?.[1] : undefined;
    const ui = form ? uiChild(form.uiSchema, field) : undefined;
    const key = i18nKeyOf(ui);
    const lookupName = uiOptions(ui).lookup;
    const cached = isLookupName(lookupName)
      ? (queryClient.getQueryData(lookupQuery(lookupName).queryKey) as { data?: LookupEntry[] } | undefined)
      : undefined;
    const context: ValueContext = {
      t: tt,
      language: i18n.language,
      root: root ?? {},
      lookups: isLookupName(lookupName) ? { [lookupName]: cached?.data ?? [] } : {},
    };
    return {
      label: key ? tt(`${key}.label`) : field,
      show: (value) =>
        property
          ? settingValue(value as JsonValue, property, ui, context)
          : value === undefined || value === null || value === ''
            ? '—'
            : typeof value === 'object'
              ? JSON.stringify(value)
              : String(value as string | number | boolean),
    };
  };
  return {
    view,
    pending: forms.some((form) => form.isPending),
    failed: forms.some((form) => form.isError),
    retry: () => forms.forEach((form) => form.isError && void form.refetch()),
  };
}
