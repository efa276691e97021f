/**
 * The user list's row actions that change an account, each after its confirmation (spec 1 §2, §4, §7): activate
 * and deactivate (`PUT user/setuseractivestatus`), mobile reset (`DELETE user/resetuseruid`), password reset
 * (`PUT user/changepasstodefault`, answering the account's one-time password) and delete
 * (`DELETE user/deleteappuser`). A `Success` status gives the toast 'İşlem Başarıyla Gerçekleşti' and reloads the
 * list; another status gives the server's message, a failed call the error module's toast (the mutation cache).
 * Nothing is retried automatically.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePassToDefault, deleteAppUser, resetUserUid, setUserActiveStatus } from '@generated/api/sdk.gen.ts';
import { getUserListQueryKey } from '@generated/api/@tanstack/react-query.gen.ts';
import type { PasswordResetResult, StatusResult } from '@generated/api/types.gen.ts';
import { confirmStatus } from '../../../lib/api/results.ts';
import type { UserChange } from '../user-actions-model.ts';

const CALLS: Record<UserChange, (userId: number) => Promise<StatusResult | PasswordResetResult>> = {
  activate: async (userId) =>
    (await setUserActiveStatus({ body: { user_id: userId, state: 1 }, throwOnError: true })).data,
  deactivate: async (userId) =>
    (await setUserActiveStatus({ body: { user_id: userId, state: 0 }, throwOnError: true })).data,
  mobileReset: async (userId) => (await resetUserUid({ body: { user_id: userId }, throwOnError: true })).data,
  // `state` 1 confirms the reset (the contract's ChangePassToDefaultRequest).
  passwordReset: async (userId) =>
    (await changePassToDefault({ body: { user_id: userId, state: 1 }, throwOnError: true })).data,
  delete: async (userId) => (await deleteAppUser({ body: { user_id: userId }, throwOnError: true })).data,
};

/**
 * The call of `change` for one user; `onDone` runs on a confirmed answer (with it: a password reset's carries the
 * account's one-time password), then the user list reloads.
 */
export function useUserChange(change: UserChange, onDone: (result: StatusResult | PasswordResetResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => CALLS[change](userId),
    retry: false,
    onSuccess: async (result) => {
      if (!confirmStatus(result)) return;
      onDone(result);
      await queryClient.invalidateQueries({ queryKey: getUserListQueryKey() });
    },
  });
}
