/**
 * A user as the user list last showed them: the contract has no call that reads another user's account, so the
 * edit page can show only what a list page already read (the cached pages of `GET /user/getuserlist`).
 */
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getUserListQueryKey } from '@generated/api/@tanstack/react-query.gen.ts';
import type { User, UserListResponse } from '@generated/api/types.gen.ts';

/** The listed user of an id (none for no id: an address that names no user). */
export function useListedUser(id: number | undefined): User | undefined {
  const queryClient = useQueryClient();
  return useMemo(() => {
    if (id === undefined) return undefined;
    for (const [, page] of queryClient.getQueriesData<UserListResponse>({ queryKey: getUserListQueryKey() })) {
      const found = page?.data?.find((user) => user.id === id);
      if (found) return found;
    }
    return undefined;
  }, [queryClient, id]);
}
