import { describe, expect, it } from 'vitest';
import { AuditLog, changedFields } from './audit-log.ts';

describe('the audit log store', () => {
  it('lists the fields that differ, an object whole, and a field not held before without an old value', () => {
    expect(changedFields({ a: 1, b: { x: 1 }, c: 'same' }, { a: 2, b: { x: 2 }, c: 'same', d: true })).toEqual([
      { field: 'a', old: 1, new: 2 },
      { field: 'b', old: { x: 1 }, new: { x: 2 } },
      { field: 'd', new: true },
    ]);
  });

  it('numbers and times its entries and pages them newest first', () => {
    let now = Date.parse('2026-11-20T10:00:00Z');
    const log = new AuditLog(() => new Date((now += 1000)));
    const user = { id: 1, name: 'Ayşe Yılmaz', user_type: 2 as const };
    for (const action of ['arm', 'disarm', 'arm'] as const) {
      log.record({ user, panel: null, object: null, action, changes: [] });
    }
    const page = log.page({ action: 'arm' }, () => true, 1, 0);
    expect(page).toEqual({
      data: [{ id: 3, time: '2026-11-20T10:00:03.000Z', user, panel: null, object: null, action: 'arm', changes: [] }],
      list_info: { total_count: 2, limit: 1, offset: 0 },
    });
    expect(log.page({}, (entry) => entry.id !== 2).data.map((entry) => entry.id)).toEqual([3, 1]);
  });
});
