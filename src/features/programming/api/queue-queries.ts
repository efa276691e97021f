/**
 * The programming queue's calls (proposals): the server's known copy of a record (the "before" of an
 * offline panel's form), queueing a settings write with an Idempotency-Key made once per confirmed review, a
 * panel's queued writes, cancelling one and resolving a conflicted one. Nothing is retried on its own; each change
 * asks the shell's queue watch to read the counts at once and follows the write for its outcome.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPanelQueueOptions, queueSettingsWriteMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { cancelQueuedWrite, getKnownSettings, resolveQueuedWrite } from '@generated/api/sdk.gen.ts';
import type { QueueItem, QueueWriteInput } from '@generated/api/types.gen.ts';
import type { JsonObject, SettingsForm } from '@generated/settings/types.ts';
import { notifySuccess } from '../../../lib/api/feedback.ts';
import { notePanelLockout } from '../../../lib/panels/panel-lockouts.ts';
import { KEYPAD_GROUP, writeBody, type SettingsTarget } from '../../../lib/forms/settings/settings-body.ts';
import { requestQueueCheck } from '../../../lib/queue/queue-counts.ts';
import { QUEUE_PAGE } from '../../../lib/queue/queue-watch.ts';
import i18next from 'i18next';

/** The known-settings read's body: the record and the panel password of the login (never in a query string). */
export const knownSettingsBody = (group: number, target: SettingsTarget) => ({
  dev_id: target.devId,
  group,
  ...(group === KEYPAD_GROUP ? { member: 0, list_id: target.record } : { member: target.record, list_id: 0 }),
  user_pass: target.password,
});

/**
 * The record as the server last read or wrote it (404 when it never did: the form's "cannot read" state). A read
 * although a POST, so the generator makes no query key: this one names the record and the login.
 */
export const useKnownSettings = (group: number, target: SettingsTarget, enabled: boolean) =>
  useQuery({
    queryKey: ['getKnownSettings', target.devId, group, target.record, target.password] as const,
    queryFn: async ({ signal }) => {
      try {
        return (await getKnownSettings({ body: knownSettingsBody(group, target), signal, throwOnError: true })).data;
      } catch (error) {
        // A lock of the panel password shows above the panel's tabs too (and in the failure's one toast).
        notePanelLockout(target.devId, error);
        throw error;
      }
    },
    enabled,
    // Read when the form opens; a failed read is retried only by the person.
    staleTime: Infinity,
    retry: false,
  });

/** The `before` of a queued write: the value the review showed for each changed field (top-level, whole). */
export function reviewedBefore(initial: JsonObject, changedFields: readonly string[]): JsonObject {
  return Object.fromEntries([...new Set(changedFields)].map((field) => [field, initial[field] ?? null]));
}

/** Queues the form's write (the same body its write sends) for when the panel connects. */
export function useQueueWrite(form: SettingsForm | undefined, target: SettingsTarget) {
  const mutation = useMutation({ ...queueSettingsWriteMutation(), retry: false });
  return {
    queueing: mutation.isPending,
    /** Resolves true when the server queued it (the toast says so); a failure was reported once. */
    queue: async (data: JsonObject, before: JsonObject, idempotencyKey: string): Promise<boolean> => {
      if (!form) return false;
      const write = writeBody(form, target, data) as QueueWriteInput['write'];
      try {
        const answer = await mutation.mutateAsync({
          body: { dev_id: target.devId, write, before, action: 'settings_write' },
          headers: { 'Idempotency-Key': idempotencyKey },
        });
        notifySuccess(i18next.t('queue.queued'));
        requestQueueCheck(answer.data);
        return true;
      } catch (error) {
        // Reported once by the mutation cache; a lock of the panel password is noted for the panel as well.
        notePanelLockout(target.devId, error);
        return false;
      }
    },
  };
}

/** A panel's queued writes, oldest first (the Queue tab); read again whenever the watch's counts change. */
export const panelQueueOptions = (devId: number) =>
  getPanelQueueOptions({ query: { dev_id: devId, limit: QUEUE_PAGE } });

export const usePanelQueue = (devId: number) => useQuery({ ...panelQueueOptions(devId), retry: false });

function useQueueChange<Variables>(run: (variables: Variables) => Promise<{ data: QueueItem }>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    retry: false,
    onSuccess: ({ data }) => {
      notifySuccess(done);
      requestQueueCheck(data);
      void queryClient.invalidateQueries({ queryKey: panelQueueOptions(data.dev_id).queryKey });
    },
  });
}

/** Cancels a queued or conflicted write (after the person confirmed). */
export const useCancelQueued = () =>
  useQueueChange(
    async (id: number) => (await cancelQueuedWrite({ path: { id }, throwOnError: true })).data,
    i18next.t('programming.queue.cancel.done'),
  );

/** Queues a conflicted write again with the values the person chose. */
export const useResolveQueued = () =>
  useQueueChange(
    async ({ id, values }: { id: number; values: JsonObject }) =>
      (await resolveQueuedWrite({ path: { id }, body: { values }, throwOnError: true })).data,
    i18next.t('programming.queue.resolve.done'),
  );
