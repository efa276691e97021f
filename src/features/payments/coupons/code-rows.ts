/**
 * The rows of the codes modal (spec 2 "Payment screens"): code, active (the code is not used yet), the user who used
 * it (name and e-mail, empty while unused) and when (empty while unused). `GET /coupons/{id}/codes` answers every
 * code at once; the modal's table still asks page by page, so each page is cut from that one answer.
 */
import type { CouponCode, CouponCodeListResponse } from '@generated/api/types.gen.ts';

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

/** The codes answer, or one page of it with the number of codes (what the modal's table reads). */
export interface CodesAnswer {
  data: CouponCodeListResponse['data'];
  list_info?: { total_count: number };
}

/** One page of the codes: rows `offset` to `offset + limit`, and how many codes there are. */
export const codesPage = (answer: CodesAnswer, limit: number, offset: number): CodesAnswer => ({
  data: answer.data.slice(offset, offset + limit),
  list_info: { total_count: answer.list_info?.total_count ?? answer.data.length },
});

/**
 * The rows and total the table shows. A whole answer (what the export reads: the table's query without its page
 * cut) has no total, so the export reads it as the last page and writes every code.
 */
export const codesTablePage = (answer: CodesAnswer) => ({
  rows: answer.data.map(codeRow),
  total: answer.list_info?.total_count,
});
