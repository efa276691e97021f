import { useQuery } from '@tanstack/react-query';
import { getUserAuthorityOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import type { UserAuthority } from '@generated/api/types.gen.ts';

/** As fresh as the access guard keeps it: the plan changes only with a payment, which refreshes the session. */
const PLAN_FRESH_MS = 5 * 60_000;

/**
 * The plan permissions of the signed-in user (`user-authority`), shared with the access guard's cache. Undefined
 * while loading or after a failure: a plan not known permits nothing (`planPermits`).
 */
export function usePlanPermissions(): UserAuthority | undefined {
  const { data } = useQuery({ ...getUserAuthorityOptions(), staleTime: PLAN_FRESH_MS });
  return data?.data;
}
