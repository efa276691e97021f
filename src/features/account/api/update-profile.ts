import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getUserDetailQueryKey, updateRegisterMutation } from '../../../../generated/api/@tanstack/react-query.gen.ts';
import { confirmStatus } from './confirm-status.ts';

/** Saves the own profile (`PUT /user/updateregister`), confirms with the status-success toast, reloads it. */
export function useUpdateProfile() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    ...updateRegisterMutation(),
    onSuccess: async (result) => {
      confirmStatus(result, t('errors.statusSuccess'), t);
      await queryClient.invalidateQueries({ queryKey: getUserDetailQueryKey() });
    },
  });
}
