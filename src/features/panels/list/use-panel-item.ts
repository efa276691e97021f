import { useMemo } from 'react';
import { usePanelLive, useLiveStatus } from '../../../lib/live/use-live.ts';
import type { LoadedPanel } from '../../../lib/panels/user-panels.ts';
import { panelDisplayState } from '../panel-display.ts';
import { mergePanelView } from '../../../lib/panels/panel-view.ts';

/**
 * One panel of the list as it is now: its loaded record with the live feed's latest state over it (watching the
 * panel while it is on screen), its display state, when that state was last known, and whether the feed is down.
 */
export function usePanelItem({ row, loadedAt }: LoadedPanel) {
  const live = usePanelLive(row.dev_id);
  const status = useLiveStatus();
  const view = useMemo(() => mergePanelView(row, live?.state), [row, live]);
  return {
    view,
    state: panelDisplayState(view),
    updatedAt: Math.max(loadedAt, live?.receivedAt ?? 0),
    stale: status !== 'connected',
  };
}
