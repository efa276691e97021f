import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getUserDetailQueryKey, updateRegisterMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { confirmStatus } from '../../../lib/api/results.ts';

/** Saves the own profile (`PUT /user/updateregister`), confirms with the status-success toast, reloads it. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateRegisterMutation(),
    onSuccess: async (result) => {
      confirmStatus(result);
      await queryClient.invalidateQueries({ queryKey: getUserDetailQueryKey() });
    },
  });
}
