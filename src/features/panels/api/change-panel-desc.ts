import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePanelDescMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { confirmStatus } from '../../../lib/api/results.ts';
import { reloadPanels } from './get-panels.ts';

/** Renames a panel; on the status-success answer `onChanged` runs and the list reloads. */
export function useChangePanelDesc(onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    ...changePanelDescMutation(),
    retry: false,
    onSuccess: async (result) => {
      if (!confirmStatus(result)) return;
      onChanged();
      await reloadPanels(queryClient);
    },
  });
}
