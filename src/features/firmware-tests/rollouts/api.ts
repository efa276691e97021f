/**
 * The firmware roll-outs' calls (the proposed `/firmware-rollouts`) as the pages use them: the progress
 * read again every few seconds while the roll-out runs or is paused (updates already sent still finish) and no more
 * once it ended; the preview and the start, pause, resume and abort, each sent once and never retried (a refusal
 * gets the one toast of the mutation cache, a success its own toast here), after which the roll-out and its panels
 * are read again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  abortFirmwareRolloutMutation,
  getFirmwareRolloutOptions,
  getFirmwareRolloutPanelsQueryKey,
  getFirmwareRolloutQueryKey,
  getFirmwareRolloutsQueryKey,
  pauseFirmwareRolloutMutation,
  previewFirmwareRolloutMutation,
  resumeFirmwareRolloutMutation,
  startFirmwareRolloutMutation,
} from '@generated/api/@tanstack/react-query.gen.ts';
import type { Rollout, RolloutInput, RolloutState } from '@generated/api/types.gen.ts';
import { notifySuccess } from '../../../lib/api/feedback.ts';

/** How often a running roll-out's progress is read again. */
export const PROGRESS_POLL_MS = 2000;

/** Whether the roll-out may still change by itself (its progress is worth reading again). */
export const isLive = (state: RolloutState | undefined): boolean => state === 'running' || state === 'paused';

export function useRollout(id: number) {
  return useQuery({
    ...getFirmwareRolloutOptions({ path: { id } }),
    refetchInterval: (query) => (isLive(query.state.data?.data.state) ? PROGRESS_POLL_MS : false),
  });
}

function useReloadRollout() {
  const queryClient = useQueryClient();
  return (rollout: Rollout) => {
    queryClient.setQueryData(getFirmwareRolloutQueryKey({ path: { id: rollout.id } }), { data: rollout });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: getFirmwareRolloutPanelsQueryKey({ path: { id: rollout.id } }) }),
      queryClient.invalidateQueries({ queryKey: getFirmwareRolloutsQueryKey() }),
    ]);
  };
}

/** The panels' table follows the progress: read again whenever the progress read brings something new. */
export function useReloadPanels() {
  const queryClient = useQueryClient();
  return (id: number) =>
    queryClient.invalidateQueries({ queryKey: getFirmwareRolloutPanelsQueryKey({ path: { id } }) });
}

export function usePreviewRollout() {
  return useMutation({ ...previewFirmwareRolloutMutation(), retry: false });
}

export function useStartRollout() {
  const { t } = useTranslation();
  const reload = useReloadRollout();
  const start = startFirmwareRolloutMutation().mutationFn!;
  return useMutation({
    mutationFn: (body: RolloutInput, context) => start({ body }, context),
    retry: false,
    onSuccess: async (answer) => {
      notifySuccess(t('firmwareRollouts.start.started', { id: answer.data.id, version: answer.data.firm_ver }));
      await reload(answer.data);
    },
  });
}

export type RolloutAction = 'pause' | 'resume' | 'abort';

const ACTION_CALLS = {
  pause: pauseFirmwareRolloutMutation,
  resume: resumeFirmwareRolloutMutation,
  abort: abortFirmwareRolloutMutation,
} as const;

export function useRolloutAction(action: RolloutAction) {
  const { t } = useTranslation();
  const reload = useReloadRollout();
  const send = ACTION_CALLS[action]().mutationFn!;
  return useMutation({
    mutationFn: (id: number, context) => send({ path: { id } }, context),
    retry: false,
    onSuccess: async (answer) => {
      notifySuccess(t(`firmwareRollouts.actions.${action}.done`, { id: answer.data.id }));
      await reload(answer.data);
    },
  });
}
