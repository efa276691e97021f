/**
 * The live feed's chip in the page header, with a small diagnostics tooltip (on hover, and on keyboard focus: the
 * chip is a tab stop): the messages accepted and dropped by kind, the topics subscribed, the reconnects.
 */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useLiveDiagnostics, useLiveStatus, type LiveStatus } from '../../../lib/live/use-live.ts';
import { useNow } from './clock.ts';
import { StatusBadge, type BadgeColor } from './status-badge.tsx';

const LIVE_COLOR: Record<LiveStatus, BadgeColor> = {
  connecting: 'default',
  connected: 'success',
  offline: 'warning',
  error: 'error',
};

function Diagnostics() {
  const { t } = useTranslation();
  const diagnostics = useLiveDiagnostics();
  const now = useNow();
  const lines = (
    ['accepted', 'invalid', 'oversized', 'mismatched', 'subscribed', 'pending', 'reconnects'] as const
  ).map((key) => ({ key, value: diagnostics[key] }));
  const labels = {
    accepted: t('panels.list.diagnostics.accepted'),
    invalid: t('panels.list.diagnostics.invalid'),
    oversized: t('panels.list.diagnostics.oversized'),
    mismatched: t('panels.list.diagnostics.mismatched'),
    subscribed: t('panels.list.diagnostics.subscribed'),
    pending: t('panels.list.diagnostics.pending'),
    reconnects: t('panels.list.diagnostics.reconnects'),
  };
  const retryIn = diagnostics.nextRetryAt === undefined ? undefined : Math.ceil((diagnostics.nextRetryAt - now) / 1000);
  return (
    <Box data-testid="live-diagnostics" sx={{ py: 0.5 }}>
      <Box component="strong" sx={{ display: 'block', mb: 0.5 }}>
        {t('panels.list.diagnostics.title')}
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, m: 0 }}>
        {lines.map(({ key, value }) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Box component="dt">{labels[key]}</Box>
            <Box
              component="dd"
              data-testid={`live-${key}`}
              sx={{ m: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}
            >
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      {retryIn !== undefined && retryIn > 0 ? (
        <Box sx={{ mt: 0.5 }}>{t('panels.list.diagnostics.nextRetry', { seconds: retryIn })}</Box>
      ) : null}
    </Box>
  );
}

export function LiveChip() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  return (
    <Tooltip title={<Diagnostics />} describeChild arrow>
      <StatusBadge
        data-testid="live-status"
        color={LIVE_COLOR[status]}
        variant="outlined"
        label={t(`panels.live.${status}`)}
        // A tab stop, so the diagnostics tooltip opens from the keyboard as well.
        tabIndex={0}
      />
    </Tooltip>
  );
}
