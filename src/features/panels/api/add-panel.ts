import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addPanelMutation, generatePanelCodeMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { confirmCodeRequest, confirmStatus } from '../../../lib/api/results.ts';
import { reloadPanels } from './get-panels.ts';

/**
 * Add panel, step 1: the panel is asked to show a code on its screen. `onCode` gets the code the panel shows
 * once the answer says the command reached it ('Komut başarıyla panele gönderildi. Lütfen panel ekranındaki kodu
 * giriniz'). It reaches a panel, so it is never retried.
 */
export function useRequestPanelCode(onCode: (code: string) => void) {
  return useMutation({
    ...generatePanelCodeMutation(),
    retry: false,
    onSuccess: (result) => {
      if (confirmCodeRequest(result) && result.code !== undefined) onCode(result.code);
    },
  });
}

/** Add panel, step 2: saves the panel, then the list reloads from offset 0 and `onAdded` closes the dialog. */
export function useAddPanel(onAdded: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    ...addPanelMutation(),
    retry: false,
    onSuccess: async (result) => {
      if (!confirmStatus(result)) return;
      onAdded();
      await reloadPanels(queryClient);
    },
  });
}
