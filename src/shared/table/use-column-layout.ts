/** The column layout of a table, remembered on this browser per table id (column-layout.ts). */
import { useCallback, useMemo, useState } from 'react';
import {
  defaultLayout,
  readLayout,
  reconcileLayout,
  saveLayout,
  type ColumnLayout,
  type LayoutColumn,
  type LayoutStorage,
} from './column-layout.ts';

/** localStorage, or nothing where there is none (a server render, a browser that refuses it). */
function browserStorage(): LayoutStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

const readStored = (tableId: string): ColumnLayout | undefined => readLayout(browserStorage(), tableId);

export interface ColumnLayoutControl {
  layout: ColumnLayout;
  setLayout: (layout: ColumnLayout) => void;
  /** The layout of the column definitions (what "reset" goes back to). */
  initial: ColumnLayout;
}

export function useColumnLayout(tableId: string, columns: readonly LayoutColumn[]): ColumnLayoutControl {
  const [saved, setSaved] = useState(() => ({ tableId, layout: readStored(tableId) }));
  // Another table id (the same component showing another list) reads that table's layout.
  const stored = saved.tableId === tableId ? saved.layout : readStored(tableId);
  const layout = useMemo(() => reconcileLayout(stored, columns), [stored, columns]);
  const initial = useMemo(() => defaultLayout(columns), [columns]);
  const setLayout = useCallback(
    (next: ColumnLayout) => {
      setSaved({ tableId, layout: next });
      const storage = browserStorage();
      if (storage) saveLayout(storage, tableId, next, columns);
    },
    [tableId, columns],
  );
  return { layout, setLayout, initial };
}
