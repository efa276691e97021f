import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
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
    <Box sx={{ p: 3, maxWidth: 960, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography component="h1" variant="h4">
          {t('panels.title')}
        </Typography>
        <Chip
          data-testid="live-status"
          color={LIVE_COLOR[status]}
          variant="outlined"
          label={t(`panels.live.${status}`)}
        />
      </Stack>
      {panels.isPending ? (
        <Stack sx={{ alignItems: 'center', py: 6 }} role="status">
          <CircularProgress aria-label={t('common.loading')} />
        </Stack>
      ) : panels.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void panels.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('panels.loadError')}
        </Alert>
      ) : rows.length === 0 ? (
        <Alert severity="info">{t('panels.empty')}</Alert>
      ) : (
        <LiveProvider>
          <List aria-label={t('panels.title')}>
            {rows.map((panel) => (
              <PanelRow key={panel.dev_id} panel={panel} />
            ))}
          </List>
        </LiveProvider>
      )}
    </Box>
  );
}
