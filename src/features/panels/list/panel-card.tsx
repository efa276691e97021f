import { memo, useId } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
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

/** One panel in the card view. */
export const PanelCard = memo(function PanelCard({
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
    <Card
      variant="outlined"
      role="listitem"
      aria-labelledby={headingId}
      aria-posinset={index}
      aria-setsize={size}
      data-testid={`panel-${view.dev_id}`}
      data-stale={stale}
      data-connected={view.connected !== false}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', ...disconnectedLook(view) }}
    >
      <Stack spacing={1.25} sx={{ p: 2, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <PanelIdentity view={view} headingId={headingId} />
          <PanelMoreButton view={view} onOpen={onMenu} />
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <PanelStateChip state={state} />
          <StatusText view={view} />
          <QueueCount devId={view.dev_id} />
        </Stack>
        <Partitions view={view} />
        <Readings view={view} />
        <Box sx={{ mt: 'auto' }}>
          <Freshness updatedAt={updatedAt} stale={stale} />
        </Box>
      </Stack>
      <Box sx={{ px: 2, pb: 2 }}>
        <PanelActions panel={view} variant="card" />
      </Box>
    </Card>
  );
});
