/** Card or list view of the panel list, remembered on this browser. */
import { useCallback, useState } from 'react';

export type PanelViewMode = 'cards' | 'rows';

export const VIEW_MODE_KEY = 'panels_view';

const stored = (): PanelViewMode => {
  try {
    return localStorage.getItem(VIEW_MODE_KEY) === 'rows' ? 'rows' : 'cards';
  } catch {
    return 'cards';
  }
};

export function useViewMode(): [PanelViewMode, (mode: PanelViewMode) => void] {
  const [mode, setMode] = useState(stored);
  const choose = useCallback((next: PanelViewMode) => {
    setMode(next);
    try {
      localStorage.setItem(VIEW_MODE_KEY, next);
    } catch {
      // Storage refused (private mode, quota): the choice holds until the page is left.
    }
  }, []);
  return [mode, choose];
}
