import { describe, expect, it } from 'vitest';
import type { FilterField } from './filters.ts';
import { initialTableState, nextTableState, readTableState, sameTableState, tableSearchPatch } from './table-search.ts';
import { validateTableSearch } from './route-search.ts';

const fields: FilterField[] = [
  { id: 'name', kind: 'text', label: 'Name' },
  { id: 'active', kind: 'select', label: 'Active', options: [{ value: true, label: 'Yes' }] },
];

describe('table search (URL)', () => {
  it('reads the state with the table’s own filters only', () => {
    expect(readTableState(fields, { page: 2, size: 50, name: 'ali', tab: 'x' })).toEqual({
      page: 2,
      size: 50,
      filters: { name: 'ali' },
    });
    expect(readTableState(fields, {})).toEqual(initialTableState);
  });

  it('writes a state as a patch that removes defaults and filters turned off', () => {
    expect(tableSearchPatch(fields, { page: 1, size: 10, filters: { active: 'true' } })).toEqual({
      page: undefined,
      size: undefined,
      name: undefined,
      active: true,
    });
    expect(tableSearchPatch(fields, { page: 4, size: 100, filters: {} })).toMatchObject({ page: 4, size: 100 });
  });

  it('starts from page 1 when filters or the page size change', () => {
    const state = { page: 5, size: 10 as const, filters: { name: 'a' } };
    expect(nextTableState(state, { page: 6 })).toEqual({ ...state, page: 6 });
    expect(nextTableState(state, { filters: { name: 'b' } })).toEqual({ page: 1, size: 10, filters: { name: 'b' } });
    expect(nextTableState(state, { filters: { name: 'a' } })).toEqual(state);
    expect(nextTableState(state, { size: 25 })).toEqual({ page: 1, size: 25, filters: { name: 'a' } });
    expect(nextTableState(state, { size: 25, page: 2 })).toEqual({ page: 2, size: 25, filters: { name: 'a' } });
  });

  it('round-trips through the URL', () => {
    const state = { page: 3, size: 250 as const, filters: { name: 'ali', active: 'true' } };
    const url = validateTableSearch(
      Object.fromEntries(Object.entries(tableSearchPatch(fields, state)).filter(([, v]) => v !== undefined)),
    );
    expect(sameTableState(readTableState(fields, url), state)).toBe(true);
  });
});
