/**
 * A table's column layout: the order of its columns and the ones hidden, chosen in the column dialog and
 * remembered per table on this browser (localStorage, `table-layout:<table id>`). A saved layout is reconciled with
 * the columns the page defines now: a column gone is dropped, a new column takes its place beside the column it
 * follows in the definition (hidden if the definition hides it at first), and a column that cannot be hidden is shown.
 */

export interface ColumnLayout {
  /** Every column id, in the order shown. */
  order: string[];
  /** The ids of the hidden columns. */
  hidden: string[];
}

/** What the layout needs of a column definition. */
export interface LayoutColumn {
  id: string;
  /** Hidden until the person shows it. */
  hidden?: boolean;
  /** False for a column that is always shown. */
  hideable?: boolean;
}

const canHide = (column: LayoutColumn | undefined): boolean => column?.hideable !== false;

export const defaultLayout = (columns: readonly LayoutColumn[]): ColumnLayout =>
  ensureVisible({
    order: columns.map((column) => column.id),
    hidden: columns.filter((column) => column.hidden && canHide(column)).map((column) => column.id),
  });

/** At least one column stays visible: when all are hidden, the first one is shown. */
function ensureVisible(layout: ColumnLayout): ColumnLayout {
  if (layout.order.some((id) => !layout.hidden.includes(id))) return layout;
  const first = layout.order[0];
  return { ...layout, hidden: layout.hidden.filter((id) => id !== first) };
}

/** The saved layout fitted to the columns defined now (see the module's comment); the default without one. */
export function reconcileLayout(saved: ColumnLayout | undefined, columns: readonly LayoutColumn[]): ColumnLayout {
  if (!saved) return defaultLayout(columns);
  const byId = new Map(columns.map((column) => [column.id, column]));
  const known = new Set(saved.order);
  const order = [...new Set(saved.order)].filter((id) => byId.has(id));
  columns.forEach((column, index) => {
    if (known.has(column.id)) return;
    // After the nearest column before it in the definition that is placed already; else first.
    const before = columns
      .slice(0, index)
      .map((other) => other.id)
      .reverse()
      .find((id) => order.includes(id));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, column.id);
  });
  const hidden = order.filter((id) => {
    const column = byId.get(id);
    if (!canHide(column)) return false;
    return known.has(id) ? saved.hidden.includes(id) : Boolean(column?.hidden);
  });
  return ensureVisible({ order, hidden });
}

/** Moves a column to a position (clamped to the list). */
export function moveColumnTo(layout: ColumnLayout, id: string, index: number): ColumnLayout {
  const from = layout.order.indexOf(id);
  if (from < 0) return layout;
  const order = layout.order.filter((other) => other !== id);
  const to = Math.max(0, Math.min(order.length, index));
  if (to === from) return layout;
  order.splice(to, 0, id);
  return { ...layout, order };
}

/** Moves a column up (−1) or down (+1) by some places. */
export const moveColumnBy = (layout: ColumnLayout, id: string, delta: number): ColumnLayout =>
  moveColumnTo(layout, id, layout.order.indexOf(id) + delta);

/** Shows or hides a column; a column that cannot be hidden, or the last one shown, stays shown. */
export function setColumnHidden(
  layout: ColumnLayout,
  id: string,
  hidden: boolean,
  columns: readonly LayoutColumn[],
): ColumnLayout {
  if (!layout.order.includes(id)) return layout;
  if (!hidden) return { ...layout, hidden: layout.hidden.filter((other) => other !== id) };
  if (!canHide(columns.find((column) => column.id === id)) || layout.hidden.includes(id)) return layout;
  const next = { ...layout, hidden: [...layout.hidden, id] };
  return next.order.some((other) => !next.hidden.includes(other)) ? next : layout;
}

/** The ids of the visible columns, in their order. */
export const visibleColumnIds = (layout: ColumnLayout): string[] =>
  layout.order.filter((id) => !layout.hidden.includes(id));

export const sameLayout = (a: ColumnLayout, b: ColumnLayout): boolean =>
  a.order.length === b.order.length &&
  a.order.every((id, index) => b.order[index] === id) &&
  a.hidden.length === b.hidden.length &&
  a.hidden.every((id) => b.hidden.includes(id));

// Persistence --------------------------------------------------------------------------------------------------------

/** The storage the layout is kept in (localStorage in the browser; the tests give their own). */
export type LayoutStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const STORAGE_VERSION = 1;
export const layoutStorageKey = (tableId: string): string => `table-layout:${tableId}`;

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A stored layout, or undefined when there is none or it is not one (old format, edited by hand). */
export function parseStoredLayout(text: string | null): ColumnLayout | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as { v?: unknown; order?: unknown; hidden?: unknown };
    if (value.v !== STORAGE_VERSION || !isStringList(value.order) || !isStringList(value.hidden)) return undefined;
    return { order: value.order, hidden: value.hidden };
  } catch {
    return undefined;
  }
}

export const serializeLayout = (layout: ColumnLayout): string =>
  JSON.stringify({ v: STORAGE_VERSION, order: layout.order, hidden: layout.hidden });

/** The remembered layout of a table, or undefined when none is stored or storage refuses (private mode, blocked). */
export function readLayout(storage: LayoutStorage | undefined, tableId: string): ColumnLayout | undefined {
  try {
    return parseStoredLayout(storage?.getItem(layoutStorageKey(tableId)) ?? null);
  } catch {
    return undefined;
  }
}

/** Remembers a layout; the default layout is not stored (a later change of the defaults then reaches this table). */
export function saveLayout(
  storage: LayoutStorage,
  tableId: string,
  layout: ColumnLayout,
  columns: readonly LayoutColumn[],
): void {
  try {
    if (sameLayout(layout, defaultLayout(columns))) storage.removeItem(layoutStorageKey(tableId));
    else storage.setItem(layoutStorageKey(tableId), serializeLayout(layout));
  } catch {
    // Storage refused or full: the layout holds until the page is left.
  }
}
