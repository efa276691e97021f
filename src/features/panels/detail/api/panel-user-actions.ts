/**
 * Deleting a panel user and changing a panel user's password (spec 1 §7, spec 2 §7). Both answer a panel
 * result: `Err` 0 is confirmed with 'Komut başarıyla panele gönderildi', anything else is the persistent
 * command error; the Users tab reloads after a deletion. Nothing here is retried.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changePanelUserPassMutation,
  deletePanelUserMutation,
  getPanelUsersQueryKey,
} from '@generated/api/@tanstack/react-query.gen.ts';
import { confirmCommand } from '../../../../lib/api/results.ts';
import type { PanelLogin } from '../../../../lib/session/panel-logins.ts';

/** The `member` of DELETEUSER: the panel user number plus one. */
export const deleteMember = (userNo: number): number => userNo + 1;

export function useDeletePanelUser(devId: number, login: PanelLogin, onDeleted: () => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...deletePanelUserMutation(),
    retry: false,
    onSuccess: async (result) => {
      if (!confirmCommand(result)) return;
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: getPanelUsersQueryKey({ path: { id: devId } }) });
    },
  });
  return {
    ...mutation,
    remove: (userNo: number) =>
      mutation.mutate({
        body: { dev_id: devId, command: 'DELETEUSER', user_pass: login.password, member: deleteMember(userNo) },
      }),
  };
}

/**
 * PWCHG changes the password of the panel user whose current password is sent as `user_pass` (the contract's
 * ChangePanelUserPass), so the form asks for that user's current password with the new one.
 */
export function useChangePanelUserPass(devId: number, onChanged: () => void) {
  const mutation = useMutation({
    ...changePanelUserPassMutation(),
    retry: false,
    onSuccess: (result) => {
      if (confirmCommand(result)) onChanged();
    },
  });
  return {
    ...mutation,
    change: (current: string, next: string) =>
      mutation.mutate({ body: { dev_id: devId, command: 'PWCHG', user_pass: current, new_pass: next } }),
  };
}
