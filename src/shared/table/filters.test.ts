import { describe, expect, it } from 'vitest';
import {
  draftOf,
  filterDisplay,
  filterParams,
  filterSearch,
  filterValue,
  isDateValue,
  readFilters,
  sameFilters,
  valuesOfDraft,
  type FilterField,
} from './filters.ts';

const fields: FilterField[] = [
  { id: 'search', kind: 'text', label: 'Search' },
  {
    id: 'type',
    kind: 'select',
    label: 'Type',
    param: 'user_type',
    options: [
      { value: 0, label: 'User' },
      { value: 1, label: 'Dealer' },
      { value: 2, label: 'Admin' },
    ],
  },
  {
    id: 'billed',
    kind: 'select',
    label: 'Billed',
    param: 'is_billing',
    options: [
      { value: true, label: 'Yes' },
      { value: false, label: 'No' },
    ],
  },
  { id: 'from', kind: 'date', label: 'From' },
  { id: 'until', kind: 'date', label: 'Until', toParam: (value) => `${value}T23:59:59` },
];
const [search, type, , from] = fields as [FilterField, FilterField, FilterField, FilterField];

describe('filters', () => {
  it('accepts only real calendar days as dates', () => {
    expect(isDateValue('2026-11-20')).toBe(true);
    expect(isDateValue('2026-02-30')).toBe(false);
    expect(isDateValue('20.11.2026')).toBe(false);
    expect(isDateValue('2026-1-2')).toBe(false);
    expect(isDateValue('2028-02-29')).toBe(true);
    expect(isDateValue('2026-13-01')).toBe(false);
    expect(isDateValue('2026-00-10')).toBe(false);
  });

  it('checks a value for its field', () => {
    expect(filterValue(search, '  ali  ')).toBe('ali');
    expect(filterValue(search, '   ')).toBeUndefined();
    expect(filterValue(search, 123)).toBe('123');
    expect(filterValue(search, 'x'.repeat(500))).toHaveLength(200);
    expect(filterValue(type, 1)).toBe('1');
    expect(filterValue(type, '2')).toBe('2');
    expect(filterValue(type, '7')).toBeUndefined();
    expect(filterValue(from, '2026-11-20')).toBe('2026-11-20');
    expect(filterValue(from, 'yesterday')).toBeUndefined();
    expect(filterValue(search, { nested: true })).toBeUndefined();
  });

  it('reads only the table’s own fields from the URL, each valid for its kind', () => {
    // TanStack Router parses `?type=1&billed=false` into a number and a boolean.
    const values = readFilters(fields, { search: 'ali', type: 1, billed: false, from: 'bad', tab: 'zones', page: 2 });
    expect(values).toEqual({ search: 'ali', type: '1', billed: 'false' });
  });

  it('writes every field into the URL, undefined when off (which removes it), a select as its option’s value', () => {
    expect(filterSearch(fields, { search: 'ali', type: '2', billed: 'false', from: '2026-11-20' })).toEqual({
      search: 'ali',
      type: 2,
      billed: false,
      from: '2026-11-20',
      until: undefined,
    });
  });

  it('gives the call its query parameters: the option’s own value, the named parameter, toParam', () => {
    expect(
      filterParams(fields, { search: 'ali', type: '1', billed: 'false', from: '2026-11-01', until: '2026-11-30' }),
    ).toEqual({
      search: 'ali',
      user_type: 1,
      is_billing: false,
      from: '2026-11-01',
      until: '2026-11-30T23:59:59',
    });
    expect(filterParams(fields, {})).toEqual({});
    expect(filterParams(fields, { type: '9', from: 'nope' })).toEqual({});
  });

  it('shows a select filter by its option’s label', () => {
    expect(filterDisplay(type, '2')).toBe('Admin');
    expect(filterDisplay(search, 'ali')).toBe('ali');
  });

  it('compares filters by their entries', () => {
    expect(sameFilters({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameFilters({ a: '1' }, { a: '2' })).toBe(false);
    expect(sameFilters({ a: '1' }, {})).toBe(false);
  });

  it('turns the dialog’s draft into filters, naming the fields on without a valid value', () => {
    const draft = draftOf(fields, { search: 'ali' });
    expect(draft.search).toEqual({ enabled: true, value: 'ali' });
    expect(draft.type).toEqual({ enabled: false, value: '' });
    draft.type = { enabled: true, value: '2' };
    draft.from = { enabled: true, value: '' };
    draft.until = { enabled: false, value: '2026-11-30' };
    expect(valuesOfDraft(fields, draft)).toEqual({ values: { search: 'ali', type: '2' }, invalid: ['from'] });
  });
});
