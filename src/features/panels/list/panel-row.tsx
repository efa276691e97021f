import { memo, useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { LoadedPanel } from '../../../lib/panels/user-panels.ts';
import { PanelActions } from '../commands/panel-actions.tsx';
import { Freshness, PanelIdentity, Partitions, StatusText } from './panel-parts.tsx';
import { Readings } from './panel-readings.tsx';
import { PanelStateChip } from './panel-state-chip.tsx';
import { PanelMoreButton, type OpenPanelMenu } from './panel-more-button.tsx';
import { usePanelItem } from './use-panel-item.ts';
import { disconnectedLook } from './panel-look.ts';
import { QueueCount } from '../queue-count.tsx';

/**
 * One panel in the list view: one line on a wide screen; on a narrow one the readings and actions move under the
 * name rather than squeeze it.
 */
export const PanelRow = memo(function PanelRow({
  panel,
  index,
  size,
  onMenu,
}: {
  panel: LoadedPanel;
  /** Place in the whole loaded list (1-based) and its length, for screen readers: only a window is rendered. */
  index: number;
  size: number;
  onMenu: OpenPanelMenu;
}) {
  const { view, state, updatedAt, stale } = usePanelItem(panel);
  const headingId = useId();
  return (
    <Box
      role="listitem"
      aria-labelledby={headingId}
      aria-posinset={index}
      aria-setsize={size}
      data-testid={`panel-${view.dev_id}`}
      data-stale={stale}
      data-connected={view.connected !== false}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        px: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        ...disconnectedLook(view),
      }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <PanelIdentity view={view} headingId={headingId} />
        <Freshness updatedAt={updatedAt} stale={stale} />
      </Box>
      <Stack spacing={0.5} sx={{ flex: '1 1 12rem', minWidth: 0, alignItems: 'flex-start' }}>
        <PanelStateChip state={state} />
        <StatusText view={view} />
        <QueueCount devId={view.dev_id} />
        <Partitions view={view} />
      </Stack>
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Readings view={view} />
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, ml: 'auto' }}>
        <PanelActions panel={view} variant="row" />
        <PanelMoreButton view={view} onOpen={onMenu} />
      </Stack>
    </Box>
  );
});
