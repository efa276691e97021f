import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../tests/support/memory-storage.ts';
import {
  defaultLayout,
  layoutStorageKey,
  moveColumnBy,
  moveColumnTo,
  parseStoredLayout,
  readLayout,
  reconcileLayout,
  saveLayout,
  serializeLayout,
  setColumnHidden,
  visibleColumnIds,
  type LayoutColumn,
} from './column-layout.ts';

const columns: LayoutColumn[] = [
  { id: 'name', hideable: false },
  { id: 'email' },
  { id: 'phone', hidden: true },
  { id: 'dealer' },
  { id: 'actions' },
];

describe('column layout', () => {
  it('starts from the definition: its order, the columns it hides', () => {
    expect(defaultLayout(columns)).toEqual({
      order: ['name', 'email', 'phone', 'dealer', 'actions'],
      hidden: ['phone'],
    });
  });

  it('moves a column to a place, and up or down, within the list', () => {
    const layout = defaultLayout(columns);
    expect(moveColumnTo(layout, 'actions', 0).order).toEqual(['actions', 'name', 'email', 'phone', 'dealer']);
    expect(moveColumnBy(layout, 'email', 1).order).toEqual(['name', 'phone', 'email', 'dealer', 'actions']);
    expect(moveColumnBy(layout, 'email', -1).order).toEqual(['email', 'name', 'phone', 'dealer', 'actions']);
    expect(moveColumnBy(layout, 'name', -1)).toBe(layout);
    expect(moveColumnBy(layout, 'actions', 1)).toBe(layout);
    expect(moveColumnTo(layout, 'nope', 2)).toBe(layout);
  });

  it('hides and shows, but never a column that must show or the last one shown', () => {
    let layout = defaultLayout(columns);
    layout = setColumnHidden(layout, 'email', true, columns);
    expect(visibleColumnIds(layout)).toEqual(['name', 'dealer', 'actions']);
    layout = setColumnHidden(layout, 'phone', false, columns);
    expect(visibleColumnIds(layout)).toEqual(['name', 'phone', 'dealer', 'actions']);
    expect(setColumnHidden(layout, 'name', true, columns)).toBe(layout);
    const two = [{ id: 'a' }, { id: 'b' }];
    const one = setColumnHidden(defaultLayout(two), 'a', true, two);
    expect(visibleColumnIds(setColumnHidden(one, 'b', true, two))).toEqual(['b']);
  });

  it('reconciles a saved layout with changed column definitions', () => {
    const saved = { order: ['dealer', 'gone', 'name', 'email', 'actions'], hidden: ['email', 'gone', 'name'] };
    const now: LayoutColumn[] = [
      { id: 'name', hideable: false },
      { id: 'email' },
      { id: 'status' },
      { id: 'phone', hidden: true },
      { id: 'dealer' },
      { id: 'actions' },
      { id: 'created', hidden: true },
    ];
    expect(reconcileLayout(saved, now)).toEqual({
      // gone: dropped; status after email (its predecessor), phone after status; created after actions.
      order: ['dealer', 'name', 'email', 'status', 'phone', 'actions', 'created'],
      // name cannot be hidden any more; new columns hidden as their definition says.
      hidden: ['email', 'phone', 'created'],
    });
  });

  it('places a new first column first, and shows a column when all would be hidden', () => {
    expect(reconcileLayout({ order: ['b'], hidden: [] }, [{ id: 'a' }, { id: 'b' }]).order).toEqual(['a', 'b']);
    expect(reconcileLayout({ order: ['a', 'b'], hidden: ['a', 'b'] }, [{ id: 'a' }, { id: 'b' }]).hidden).toEqual([
      'b',
    ]);
    expect(reconcileLayout(undefined, columns)).toEqual(defaultLayout(columns));
    expect(reconcileLayout({ order: ['a', 'a', 'b'], hidden: [] }, [{ id: 'a' }, { id: 'b' }]).order).toEqual([
      'a',
      'b',
    ]);
  });

  it('reads back only what it stored', () => {
    const layout = { order: ['a', 'b'], hidden: ['b'] };
    expect(parseStoredLayout(serializeLayout(layout))).toEqual(layout);
    expect(parseStoredLayout(null)).toBeUndefined();
    expect(parseStoredLayout('{bad json')).toBeUndefined();
    expect(parseStoredLayout(JSON.stringify({ order: ['a'], hidden: [] }))).toBeUndefined();
    expect(parseStoredLayout(JSON.stringify({ v: 1, order: [1], hidden: [] }))).toBeUndefined();
  });

  it('remembers a layout per table, and forgets it when it is the default again', () => {
    const storage = memoryStorage();
    const users = moveColumnTo(defaultLayout(columns), 'actions', 0);
    saveLayout(storage, 'users', users, columns);
    expect(storage.getItem(layoutStorageKey('users'))).not.toBeNull();
    expect(reconcileLayout(readLayout(storage, 'users'), columns)).toEqual(users);
    expect(readLayout(storage, 'panels')).toBeUndefined();
    saveLayout(storage, 'users', defaultLayout(columns), columns);
    expect(storage.getItem(layoutStorageKey('users'))).toBeNull();
  });

  it('works on when storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readLayout(refusing, 'users')).toBeUndefined();
    expect(readLayout(undefined, 'users')).toBeUndefined();
    expect(() =>
      saveLayout(refusing, 'users', moveColumnBy(defaultLayout(columns), 'email', 1), columns),
    ).not.toThrow();
  });
});
