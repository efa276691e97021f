/**
 * The firmware screens' changes (spec 2 §4, §7), each sent once and never retried: add and save a version or a
 * stage (the contract answers the record: a success toast, then the model's list reloads), delete one (a
 * `StatusResult`: `useStatusMutation` gives the toast), add a test and answer a stage of one (the test list and
 * the test's result lists reload, so progress always comes from the server). A refusal gets the one toast of the
 * mutation cache.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  addFirmwareMutation,
  addFirmwareTestMutation,
  addFirmwareTestStageMutation,
  deleteFirmwareMutation,
  deleteFirmwareTestStageMutation,
  getFirmwareListQueryKey,
  getFirmwareTestListQueryKey,
  getFirmwareTestResultListAllQueryKey,
  getFirmwareTestResultListQueryKey,
  getFirmwareTestStageListQueryKey,
  updateFirmwareMutation,
  updateFirmwareTestResultMutation,
  updateFirmwareTestStageMutation,
} from '@generated/api/@tanstack/react-query.gen.ts';
import { notifySuccess } from '../../../lib/api/feedback.ts';
import { useStatusMutation } from '../../../lib/api/use-status-mutation.ts';

function useReload() {
  const queryClient = useQueryClient();
  return {
    versions: (modelId: number) =>
      queryClient.invalidateQueries({ queryKey: getFirmwareListQueryKey({ path: { id: modelId } }) }),
    stages: (modelId: number) =>
      queryClient.invalidateQueries({ queryKey: getFirmwareTestStageListQueryKey({ path: { id: modelId } }) }),
    test: (testId: number) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getFirmwareTestListQueryKey() }),
        queryClient.invalidateQueries({ queryKey: getFirmwareTestResultListQueryKey({ path: { id: testId } }) }),
        queryClient.invalidateQueries({ queryKey: getFirmwareTestResultListAllQueryKey({ path: { id: testId } }) }),
      ]),
  };
}

export function useSaveVersion(modelId: number, editing: boolean) {
  const { t } = useTranslation();
  const reload = useReload();
  const add = addFirmwareMutation().mutationFn!;
  const update = updateFirmwareMutation().mutationFn!;
  return useMutation({
    mutationFn: (
      version: { id?: number; firm_ver: string; url: string; sha256: string; description: string },
      context,
    ) =>
      editing && version.id !== undefined
        ? update({ body: { ...version, id: version.id, model_id: modelId } }, context)
        : add({ body: { ...version, model_id: modelId } }, context),
    retry: false,
    onSuccess: async (answer) => {
      const version = answer.data.firm_ver;
      notifySuccess(
        editing ? t('firmwareTests.versions.saved', { version }) : t('firmwareTests.versions.added', { version }),
      );
      await reload.versions(modelId);
    },
  });
}

export function useDeleteVersion(modelId: number, version: string) {
  const reload = useReload();
  const mutation = useStatusMutation(deleteFirmwareMutation(), (t) => t('firmwareTests.versions.deleted', { version }));
  return {
    pending: mutation.isPending,
    remove: (id: number, onDone: () => void) =>
      mutation.mutate(
        { path: { id } },
        {
          onSuccess: () => {
            onDone();
            void reload.versions(modelId);
          },
        },
      ),
  };
}

export function useSaveStage(modelId: number, editing: boolean) {
  const { t } = useTranslation();
  const reload = useReload();
  const add = addFirmwareTestStageMutation().mutationFn!;
  const update = updateFirmwareTestStageMutation().mutationFn!;
  return useMutation({
    mutationFn: (stage: { id?: number; description: string }, context) =>
      editing && stage.id !== undefined
        ? update({ body: { id: stage.id, description: stage.description, model_id: modelId } }, context)
        : add({ body: { description: stage.description, model_id: modelId } }, context),
    retry: false,
    onSuccess: async (answer) => {
      const stage = answer.data.description;
      notifySuccess(editing ? t('firmwareTests.stages.saved', { stage }) : t('firmwareTests.stages.added', { stage }));
      await reload.stages(modelId);
    },
  });
}

export function useDeleteStage(modelId: number, stage: string) {
  const reload = useReload();
  const mutation = useStatusMutation(deleteFirmwareTestStageMutation(), (t) =>
    t('firmwareTests.stages.deleted', { stage }),
  );
  return {
    pending: mutation.isPending,
    remove: (id: number, onDone: () => void) =>
      mutation.mutate(
        { path: { id } },
        {
          onSuccess: () => {
            onDone();
            void reload.stages(modelId);
          },
        },
      ),
  };
}

export function useAddTest() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    ...addFirmwareTestMutation(),
    retry: false,
    onSuccess: async (answer) => {
      notifySuccess(t('firmwareTests.add.added', { id: answer.data.id }));
      await queryClient.invalidateQueries({ queryKey: getFirmwareTestListQueryKey() });
    },
  });
}

/** Answers one stage of a test: OK (result true, no description) or an error with its description. */
export function useAnswerStage(testId: number) {
  const { t } = useTranslation();
  const reload = useReload();
  const update = updateFirmwareTestResultMutation().mutationFn!;
  return useMutation({
    mutationFn: (answer: { id: number; description: string; result: boolean; result_description: string }, context) =>
      update({ body: answer }, context),
    retry: false,
    onSuccess: async (answer) => {
      const stage = answer.data.description;
      notifySuccess(
        answer.data.result ? t('firmwareTests.run.okDone', { stage }) : t('firmwareTests.run.errorDone', { stage }),
      );
      await reload.test(testId);
    },
  });
}
