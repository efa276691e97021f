/** The model a `/PanelTest/$id/...` page is about, from the model list (the contract has no call for one model). */
import { useQuery } from '@tanstack/react-query';
import { getModelListOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import type { FirmwareModel } from '@generated/api/types.gen.ts';

export interface ModelLookup {
  /** The model, once the list is read and has it. */
  model: FirmwareModel | undefined;
  /** The list was read and has no such model. */
  unknown: boolean;
  isPending: boolean;
  isError: boolean;
  retry: () => void;
}

/** The model of an id (nothing is read for no id: an address that names no model). */
export function useModel(modelId: number | undefined): ModelLookup {
  const models = useQuery({ ...getModelListOptions(), enabled: modelId !== undefined });
  const model = models.data?.data.find((candidate) => candidate.id === modelId);
  return {
    model,
    unknown: models.isSuccess && model === undefined,
    isPending: models.isPending,
    isError: models.isError,
    retry: () => void models.refetch(),
  };
}
