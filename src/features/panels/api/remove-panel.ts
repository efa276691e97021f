import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removePanelMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { confirmStatus } from '../../../lib/api/results.ts';
import { reloadPanels } from './get-panels.ts';

/** Removes a panel from the user's panels; on the status-success answer `onRemoved` runs and the list reloads. */
export function useRemovePanel(onRemoved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    ...removePanelMutation(),
    retry: false,
    onSuccess: async (result) => {
      if (!confirmStatus(result)) return;
      onRemoved();
      await reloadPanels(queryClient);
    },
  });
}
