/**
 * The rows of the codes modal (spec 2 "Payment screens"): code, active (the code is not used yet), the user who used
 * it (name and e-mail, empty while unused) and when (empty while unused). `GET /coupons/{id}/codes` answers every
 * code at once; the modal's table still asks page by page, and each page is cut from that one answer
 * (api/coupon-codes.ts).
 */
import type { CouponCode } from '@generated/api/types.gen.ts';
import type { ListAnswer } from '../../../shared/table/whole-list.ts';

export interface CodeRow {
  id: number;
  code: string;
  /** Not used yet (the contract's `is_used`, the other way round). */
  active: boolean;
  userName: string;
  userEmail: string;
  /** When the code was used (the contract's date-time text), or null while unused. */
  usedTime: string | null;
}

export const codeRow = (code: CouponCode): CodeRow => ({
  id: code.id,
  code: code.code,
  active: !code.is_used,
  userName: code.used_user?.name ?? '',
  userEmail: code.used_user?.email ?? '',
  usedTime: code.used_time ?? null,
});

/**
 * The rows and total the table shows. A whole answer (what the export reads: the table's query without its page
 * cut) has no total, so the export reads it as the last page and writes every code.
 */
export const codesTablePage = (answer: ListAnswer<CouponCode>) => ({
  rows: answer.data.map(codeRow),
  total: answer.list_info?.total_count,
});
