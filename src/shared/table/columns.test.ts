import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { User } from '@generated/api/types.gen.ts';
import { cellText, columnsOf, exportCell, isExported } from './columns.ts';

const texts = { yes: 'Yes', no: 'No' };
const user: User = {
  id: 7,
  name: 'Ayşe <b>Yılmaz</b>',
  email: 'ayse@example.com',
  Phonenumber: '905321234567',
  Dealercode: 'IST034',
  user_type: 1,
  active: true,
  subscribes: [],
  state: 1,
};

describe('columns', () => {
  const column = columnsOf<User>();

  it('builds a field column from the row type', () => {
    const name = column.field('name', { header: 'Name' });
    expect(name.id).toBe('name');
    expect(name.value?.(user)).toBe('Ayşe <b>Yılmaz</b>');
    const type = column.field('user_type', { header: 'Type', format: (value) => ['User', 'Dealer', 'Admin'][value] });
    expect(type.value?.(user)).toBe('Dealer');
    const subscriptions = column.field('subscribes', { header: 'Plans', format: (list) => list.length });
    expect(subscriptions.value?.(user)).toBe(0);
  });

  it('writes cells as text: yes/no, the list date format, nothing for missing values', () => {
    dayjs.locale('en');
    expect(cellText(true, texts)).toBe('Yes');
    expect(cellText(false, texts)).toBe('No');
    expect(cellText(new Date(2026, 10, 20, 14, 32), texts)).toBe('20.11.2026 14:32');
    expect(cellText(null, texts)).toBe('');
    expect(cellText(undefined, texts)).toBe('');
    expect(cellText(0, texts)).toBe('0');
  });

  it('exports typed cells, and leaves out columns without a value', () => {
    const active = column.field('active', { header: 'Active' });
    const id = column.field('id', { header: 'Id' });
    const actions = column.custom('actions', { header: 'Actions', render: () => null });
    const created = column.custom('created', {
      header: 'Created',
      value: () => '20.11.2026',
      exportValue: () => new Date(2026, 10, 20),
    });
    expect(exportCell(active, user, texts)).toBe('Yes');
    expect(exportCell(id, user, texts)).toBe(7);
    expect(exportCell(created, user, texts)).toEqual(new Date(2026, 10, 20));
    expect(isExported(actions)).toBe(false);
    expect(isExported(active)).toBe(true);
    expect(isExported({ ...active, exported: false })).toBe(false);
    expect(exportCell(column.custom('bad', { header: 'Bad', value: () => new Date('x') }), user, texts)).toBeNull();
  });
});
