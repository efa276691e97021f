/**
 * The codes modal's call (`GET /coupons/{id}/codes`, every code of a request at once) as its table asks for it: one
 * query per request, each page cut from it (`select`, which adds the number of codes), so paging never calls again.
 * The export reads the same query without the cut (the whole answer) and so writes every code of the request.
 */
import type { getCouponCodesQueryKey } from '@generated/api/@tanstack/react-query.gen.ts';
import { getCouponCodesOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import type { CouponCodeListResponse, GetCouponCodesError } from '@generated/api/types.gen.ts';
import type { TableQueryOptions, TableQueryParams } from '../../../../shared/table/table-query.ts';
import { codesPage } from '../code-rows.ts';

export const couponCodesQuery =
  (requestId: number) =>
  ({
    limit,
    offset,
  }: TableQueryParams): TableQueryOptions<
    CouponCodeListResponse,
    GetCouponCodesError,
    ReturnType<typeof getCouponCodesQueryKey>
  > => ({
    ...getCouponCodesOptions({ path: { id: requestId } }),
    select: (answer) => codesPage(answer, limit, offset),
  });
