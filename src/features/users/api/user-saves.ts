/**
 * The saves of the users pages, each through the proposed calls (openapi/README.md "Proposed calls"): add an account
 * (`POST /user/adduser`), save one (`PUT /user/updateuser`) and move one's subscriptions to another
 * (`POST /user/movesubscriptions`). A `Success` status gives the toast 'İşlem Başarıyla Gerçekleşti' (the one of
 * every user action, src/lib/api/results.ts), another status the server's message, a refused or failed call the
 * error module's toast (the mutation cache), except the taken e-mail address (409), which the form shows at its
 * e-mail field (`emailTakenBy`). Nothing is retried automatically.
 * After each, the user list is read again, and a saved account is what its page shows from then on.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addUserMutation,
  getUserListQueryKey,
  moveSubscriptionsMutation,
  updateUserMutation,
} from '@generated/api/@tanstack/react-query.gen.ts';
import type { SavedUserResult, User } from '@generated/api/types.gen.ts';
import { failedWith, shownAtField } from '../../../lib/api/feedback.ts';
import { confirmStatus } from '../../../lib/api/results.ts';
import { userRecordKey } from './user-record.ts';

/** After a confirmed save: the stored account is its page's, and every page of the user list is read again. */
function useSaved(onSaved?: (user: User, result: SavedUserResult) => void) {
  const queryClient = useQueryClient();
  return async (result: SavedUserResult) => {
    if (!confirmStatus(result)) return;
    queryClient.setQueryData(userRecordKey(result.data.id), { data: result.data });
    await queryClient.invalidateQueries({ queryKey: getUserListQueryKey() });
    onSaved?.(result.data, result);
  };
}

/**
 * Adds an account; `onAdded` runs with the stored account and the answer (with the account's one-time password) once
 * the list has been reloaded.
 */
export const useAddUser = (onAdded: (user: User, result: SavedUserResult) => void) =>
  useMutation({ ...addUserMutation(), retry: false, onSuccess: useSaved(onAdded), meta: shownAtField(409) });

/** Saves an account (its page then shows the stored account). */
export const useUpdateUser = () =>
  useMutation({ ...updateUserMutation(), retry: false, onSuccess: useSaved(), meta: shownAtField(409) });

/** The e-mail address a save was refused for because another account has it (409), if it was. */
export const emailTakenBy = (save: { error: unknown; variables?: { body: { email: string } } }): string | undefined =>
  failedWith(save.error, [409]) ? save.variables?.body.email : undefined;

/** Moves every subscription of one account to another; `onMoved` runs on a confirmed answer. */
export function useMoveSubscriptions(onMoved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    ...moveSubscriptionsMutation(),
    retry: false,
    onSuccess: async (result, { body }) => {
      if (!confirmStatus(result)) return;
      onMoved();
      // Both accounts changed: the list and their pages read them again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getUserListQueryKey() }),
        queryClient.invalidateQueries({ queryKey: userRecordKey(body.user_id) }),
        queryClient.invalidateQueries({ queryKey: userRecordKey(body.new_user_id) }),
      ]);
    },
  });
}
