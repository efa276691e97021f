/**
 * The state of a list page's row actions: which row's menu is open (its button and its row, for the page's one
 * `RowActionsMenu`), and which action a dialog is open for, with its row (none for an action about no row, such as
 * "add"). The chosen action and its row are kept while its dialog closes, so its content does not vanish
 * mid-transition (`chosen`); `rowFor` and `isOpen` say what is open now.
 */
import { useCallback, useState } from 'react';

/** The row whose actions menu is open: its button and its row. */
export interface RowMenu<Row> {
  anchor: HTMLElement;
  row: Row;
}

/** The action a dialog was opened for, its row (none for an action about no row) and whether it is still open. */
export interface ChosenAction<Row, A extends string> {
  action: A;
  row: Row | undefined;
  open: boolean;
}

export function useRowActions<Row, A extends string>() {
  const [menu, setMenu] = useState<RowMenu<Row>>();
  const [chosen, setChosen] = useState<ChosenAction<Row, A>>();
  const openMenu = useCallback((anchor: HTMLElement, row: Row) => setMenu({ anchor, row }), []);
  const closeMenu = useCallback(() => setMenu(undefined), []);
  const open = useCallback((action: A, row?: Row) => setChosen({ action, row, open: true }), []);
  const close = useCallback(() => setChosen((current) => current && { ...current, open: false }), []);
  const isOpen = (action: A) => chosen?.open === true && chosen.action === action;
  return {
    /** The row whose menu is open, and its button. */
    menu,
    /** The row whose menu is open. */
    menuRow: menu?.row,
    openMenu,
    closeMenu,
    /** The props of the page's `RowActionsMenu`: its anchor, and a choice opens the action for the menu's row. */
    menuProps: {
      anchor: menu?.anchor,
      onChoose: (action: A) => {
        if (menu) open(action, menu.row);
      },
      onClose: closeMenu,
    },
    /** Opens an action's dialog for a row (a row opened by double click or Enter, an add button). */
    open,
    /** Closes the open dialog, keeping what it was about while it closes. */
    close,
    chosen,
    isOpen,
    /** The row of an action whose dialog is open now, else undefined. */
    rowFor: (action: A): Row | undefined => (isOpen(action) ? chosen?.row : undefined),
  };
}
