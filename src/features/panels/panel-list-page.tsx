import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import { Page, QueryState } from '../../shared/page/page.tsx';
import { usePanels } from './api/get-panels.ts';
import { liveStatus, type LiveStatus } from '../../lib/live/live-connection.ts';
import { LiveProvider } from './live-provider.tsx';
import { PanelRow } from './panel-row.tsx';

const LIVE_COLOR: Record<LiveStatus, 'default' | 'success' | 'warning' | 'error'> = {
  connecting: 'default',
  connected: 'success',
  offline: 'warning',
  error: 'error',
};

export function PanelListPage() {
  const { t } = useTranslation();
  const panels = usePanels();
  const status = useSyncExternalStore(liveStatus.subscribe, liveStatus.get, liveStatus.get);
  const rows = panels.data?.data ?? [];

  return (
    <Page
      title={t('panels.title')}
      maxWidth={960}
      actions={
        <Chip
          data-testid="live-status"
          color={LIVE_COLOR[status]}
          variant="outlined"
          label={t(`panels.live.${status}`)}
        />
      }
    >
      <QueryState
        isPending={panels.isPending}
        isError={panels.isError}
        isEmpty={rows.length === 0}
        errorText={t('panels.loadError')}
        emptyText={t('panels.empty')}
        onRetry={() => void panels.refetch()}
      >
        <LiveProvider>
          <List aria-label={t('panels.title')}>
            {rows.map((panel) => (
              <PanelRow key={panel.dev_id} panel={panel} />
            ))}
          </List>
        </LiveProvider>
      </QueryState>
    </Page>
  );
}
