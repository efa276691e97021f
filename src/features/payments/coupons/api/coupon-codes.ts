/**
 * The codes modal's call (`GET /coupons/{id}/codes`, every code of a request at once) as its table asks for it: one
 * query per request, each page cut from it (shared/table/whole-list.ts), so paging never calls again. The export
 * reads the same query without the cut (the whole answer) and so writes every code of the request.
 */
import { getCouponCodesOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { wholeListQuery } from '../../../../shared/table/whole-list.ts';

export const couponCodesQuery = (requestId: number) =>
  wholeListQuery(getCouponCodesOptions({ path: { id: requestId } }));
