import { describe, expect, it } from 'vitest';
import type { CouponCode } from '@generated/api/types.gen.ts';
import { pageOfRows } from '../../../shared/table/whole-list.ts';
import { codeRow, codesTablePage } from './code-rows.ts';

const used: CouponCode = {
  id: 3011,
  code: 'PRM-7Q2K-91XA',
  is_used: true,
  used_user: { name: 'Emre Aydın', email: 'olduser@example.com' },
  used_time: '2026-03-31T10:15:30Z',
};
const unused = (id: number): CouponCode => ({
  id,
  code: `PRM-${id}`,
  is_used: false,
  used_user: null,
  used_time: null,
});

describe('the rows of the codes modal', () => {
  it('shows a used code as not active, with its user and time', () => {
    expect(codeRow(used)).toEqual({
      id: 3011,
      code: 'PRM-7Q2K-91XA',
      active: false,
      userName: 'Emre Aydın',
      userEmail: 'olduser@example.com',
      usedTime: '2026-03-31T10:15:30Z',
    });
  });

  it('shows an unused code as active, with empty user and time', () => {
    expect(codeRow(unused(3012))).toEqual({
      id: 3012,
      code: 'PRM-3012',
      active: true,
      userName: '',
      userEmail: '',
      usedTime: null,
    });
  });

  it('cuts pages from the one answer and says how many codes there are', () => {
    const answer = { data: [used, ...[3012, 3013, 3014, 3015].map(unused)] };
    const second = pageOfRows(answer.data, { limit: 2, offset: 2 });
    expect(second.data.map((code) => code.id)).toEqual([3013, 3014]);
    expect(second.list_info).toEqual({ total_count: 5, limit: 2, offset: 2 });
    expect(pageOfRows(answer.data, { limit: 10, offset: 10 }).data).toEqual([]);
    expect(codesTablePage(second)).toMatchObject({ total: 5 });
    expect(codesTablePage(second).rows.map((row) => row.active)).toEqual([true, true]);
  });

  it('gives the export every code of an uncut answer, with no total so it reads no further', () => {
    const answer = { data: [used, unused(3012)] };
    expect(codesTablePage(answer)).toEqual({ rows: [codeRow(used), codeRow(unused(3012))], total: undefined });
  });

  it('has nothing to show for a request awaiting payment', () => {
    expect(codesTablePage(pageOfRows([], { limit: 10, offset: 0 }))).toEqual({ rows: [], total: 0 });
  });
});
