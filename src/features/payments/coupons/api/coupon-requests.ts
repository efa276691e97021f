/**
 * The coupon requests table's call (`GET /coupons`, limit and offset) as the table asks for it, and the reload after
 * a batch was created (every page of the list, by the generated query key).
 */
import type { QueryClient } from '@tanstack/react-query';
import { getCouponsOptions, getCouponsQueryKey } from '@generated/api/@tanstack/react-query.gen.ts';
import type { TableQueryParams } from '../../../../shared/table/table-query.ts';

export const couponRequestsQuery = ({ limit, offset }: TableQueryParams) =>
  getCouponsOptions({ query: { limit, offset } });

/** Reads the list again: the page shown refetches from the server. */
export const reloadCouponRequests = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: getCouponsQueryKey() });
