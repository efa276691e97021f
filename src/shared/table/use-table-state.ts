/**
 * The state of a table (page, page size, filters) and how it changes: in the URL's search for a list page (a view
 * can be shared and survives a reload), or in the component for a table inside a dialog.
 */
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { FilterField } from './filters.ts';
import {
  initialTableState,
  nextTableState,
  readTableState,
  sameTableState,
  tableSearchPatch,
  type TableState,
} from './table-search.ts';

export interface TableStateChange extends Partial<TableState> {
  /** Replace the history entry instead of adding one (a correction the person did not ask for). */
  replace?: boolean;
}

export interface TableStateControl {
  state: TableState;
  change: (change: TableStateChange) => void;
}

/**
 * A table's state in the URL of the page: `?page=2&size=25&<filter id>=<value>`. The route declares
 * `validateSearch: validateTableSearch` (table-search.ts); `fields` are the table's filter fields (the same array
 * the table gets), so only the table's own filters are read from the search.
 */
export function useTableUrlState(fields: readonly FilterField[] = NO_FIELDS): TableStateControl {
  const search = useSearch({ strict: false }) as Readonly<Record<string, unknown>>;
  const navigate = useNavigate();
  const state = useMemo(() => readTableState(fields, search), [fields, search]);
  const change = useCallback(
    ({ replace, ...change }: TableStateChange) => {
      const next = nextTableState(state, change);
      if (sameTableState(next, state)) return;
      const patch = tableSearchPatch(fields, next);
      void navigate({
        to: '.',
        search: ((previous: Record<string, unknown>) => ({ ...previous, ...patch })) as never,
        replace,
      });
    },
    [fields, navigate, state],
  );
  return useMemo(() => ({ state, change }), [state, change]);
}

/** A table's state kept in the component (a table in a dialog, a second table on a page). */
export function useLocalTableState(initial: Partial<TableState> = {}): TableStateControl {
  const [state, setState] = useState<TableState>(() => ({ ...initialTableState, ...initial }));
  const change = useCallback(
    ({ replace: _replace, ...change }: TableStateChange) => setState((current) => nextTableState(current, change)),
    [],
  );
  return useMemo(() => ({ state, change }), [state, change]);
}

const NO_FIELDS: readonly FilterField[] = [];
