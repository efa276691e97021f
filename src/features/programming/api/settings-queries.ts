/**
 * Reading and writing one record of a settings group (spec 2 §7): the form comes from the generated registry
 * (its chunk loads with programming), the values from getpanelsettings with the stored panel password, and the
 * write goes through the group's own call. The panel's `Err` 0 is success; a refused password forgets the
 * login (the page asks again); any other code is the panel's failure, said once. Nothing is retried on its own.
 */
import i18next from 'i18next';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getPanelSettings } from '@generated/api/sdk.gen.ts';
import { settingsFormLoaders } from '@generated/settings/index.ts';
import type { JsonObject, SettingsForm } from '@generated/settings/types.ts';
import { panelAccepted } from '../../../lib/api/panel-answer.ts';
import { commandSucceeded, confirmCommand } from '../../../lib/api/results.ts';
import { StatusFailure } from '../../../lib/api/status-result.ts';
import { MESSAGE_GROUP, readBody, writeBody, type SettingsTarget } from '../../../lib/forms/settings/settings-body.ts';
import { isObject } from '../../../lib/forms/settings/schema-walk.ts';
import { loadSettingsTexts } from '../../../lib/i18n/i18n.ts';
import { notePanelLockout } from '../../../lib/panels/panel-lockouts.ts';
import { recordListOptions, settingsReadPrefix } from '../../../lib/panels/panel-queries.ts';
import { isPasswordRefusal, refusedLogin } from '../../../lib/panels/password-refusal.ts';

/** The form of a group with its texts (both load once, with the first form). */
export const settingsFormQuery = (group: number) => ({
  queryKey: ['settingsForm', group] as const,
  queryFn: async (): Promise<SettingsForm> => {
    const load = settingsFormLoaders[group];
    if (!load) throw new Error(`No settings form for group ${group}`);
    const [form] = await Promise.all([load(), loadSettingsTexts()]);
    return form;
  },
  staleTime: Infinity,
  gcTime: Infinity,
});

export const useSettingsForm = (group: number) => useQuery(settingsFormQuery(group));

/** getpanelsettings is a POST, so the generator makes no key for it: this one names the record and the login. */
export const settingsReadKey = (group: number, target: SettingsTarget) =>
  [...settingsReadPrefix(target.devId, group), target.record, target.password] as const;

/** The values of one record, or the failure the panel answered. */
export async function readSettings(group: number, target: SettingsTarget, signal?: AbortSignal): Promise<JsonObject> {
  const { data } = await getPanelSettings({ body: readBody(group, target), signal, throwOnError: true }).catch(
    (error: unknown) => {
      // A lock of the panel password shows above the panel's tabs too (and in the failure's one toast).
      notePanelLockout(target.devId, error);
      throw error;
    },
  );
  if (panelAccepted(data) && 'data' in data && isObject(data.data)) return data.data as JsonObject;
  if (isPasswordRefusal(data)) throw refusedLogin(target.devId);
  throw new StatusFailure(i18next.t('commands.failed'));
}

export const settingsReadQuery = (group: number, target: SettingsTarget) => ({
  queryKey: settingsReadKey(group, target),
  queryFn: ({ signal }: { signal: AbortSignal }) => readSettings(group, target, signal),
  // Read when the form opens, never behind the person's back; a failed read is retried only by the person.
  staleTime: Infinity,
  retry: false,
});

export const useSettingsRead = (group: number, target: SettingsTarget, enabled = true) =>
  useQuery({ ...settingsReadQuery(group, target), enabled: enabled && group !== MESSAGE_GROUP });

/** What the panel now holds, so the next diff starts from it. */
const remember = (client: QueryClient, form: SettingsForm, target: SettingsTarget, data: JsonObject) =>
  client.setQueryData(settingsReadKey(form.group, target), data);

export function useSettingsWrite(form: SettingsForm | undefined, target: SettingsTarget) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (data: JsonObject) => {
      if (!form) throw new Error('The form is not loaded');
      const answer = await form.write(writeBody(form, target, data));
      return { data, answer };
    },
    retry: false,
    onSuccess: ({ data, answer }) => {
      if (!confirmCommand(answer) || !form || form.group === MESSAGE_GROUP) return;
      remember(queryClient, form, target, data);
      // A zone, keypad, panel user or output written is listed anew (its name, whether it is active): the list tabs
      // and the record pickers show what the panel now holds.
      const list = recordListOptions(target.devId, form.group);
      if (list) void queryClient.invalidateQueries({ queryKey: list.queryKey });
    },
  });
  return {
    saving: mutation.isPending,
    write: async (data: JsonObject): Promise<boolean> => {
      try {
        const { answer } = await mutation.mutateAsync(data);
        return commandSucceeded(answer);
      } catch (error) {
        // The failure was reported by the mutation cache (one toast); the form keeps what was typed.
        notePanelLockout(target.devId, error);
        return false;
      }
    },
  };
}
