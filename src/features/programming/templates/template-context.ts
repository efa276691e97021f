/**
 * What reading, checking and writing a whole programming needs: the form of every settings group (with the
 * settings texts, for the group titles and the diffs) and the alarm codes (the records of the alarm group). Both
 * come from the query cache the forms share, fetched once per session; a failure is reported once by the cache.
 */
import { useCallback, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SettingsForm } from '@generated/settings/types.ts';
import { SETTINGS_GROUP_NUMBERS } from '../../../lib/forms/settings/settings-records.ts';
import { settingsFormQuery } from '../api/settings-queries.ts';
import { lookupQuery, type LookupEntry } from '../use-lookup.ts';
import type { AlarmNames } from './template-texts.ts';

export interface TemplateContext {
  forms: Readonly<Record<number, SettingsForm>>;
  alarmCodes: number[];
  alarmNames: AlarmNames;
}

export async function loadTemplateContext(queryClient: QueryClient): Promise<TemplateContext> {
  const [forms, alarms] = await Promise.all([
    Promise.all(SETTINGS_GROUP_NUMBERS.map((group) => queryClient.fetchQuery(settingsFormQuery(group)))),
    queryClient.fetchQuery(lookupQuery('getAlarmDescriptions')),
  ]);
  const entries = ((alarms as { data?: LookupEntry[] } | undefined)?.data ?? []).filter((entry) =>
    Number.isSafeInteger(entry.Code),
  );
  return {
    forms: Object.fromEntries(forms.map((form) => [form.group, form])),
    alarmCodes: entries.map((entry) => entry.Code),
    alarmNames: new Map(entries.map((entry) => [entry.Code, entry.Description])),
  };
}

export type ContextState = 'idle' | 'loading' | 'ready' | 'failed';

/** Loads the context when asked (an event, a dialog opening); resolves it, or undefined when it failed. */
export function useTemplateContext() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ContextState>('idle');
  const [context, setContext] = useState<TemplateContext>();
  const loading = useRef<Promise<TemplateContext | undefined>>(undefined);
  const load = useCallback((): Promise<TemplateContext | undefined> => {
    loading.current ??= (async () => {
      setState('loading');
      try {
        const loaded = await loadTemplateContext(queryClient);
        setContext(loaded);
        setState('ready');
        return loaded;
      } catch {
        // Reported once by the query cache; the dialog offers Retry.
        setState('failed');
        loading.current = undefined;
        return undefined;
      }
    })();
    return loading.current;
  }, [queryClient]);
  return { state, context, load };
}
