/**
 * The pieces a panel shows in both views (spec 1 §3, §4): its identity, the panel's own status text, partitions and
 * how fresh all that is (its readings are in panel-readings.tsx); server text is rendered as text.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import type { PanelView } from '../../../lib/panels/panel-view.ts';
import { hasGsm } from '../../../lib/panels/panel-view.ts';
import { panelStatusText } from '../status-text.ts';
import { useNow } from './clock.ts';
import { formatAge } from './age.ts';
import { StatusBadge } from './status-badge.tsx';
import { freshnessKey, identityKey, partitionsListKey, sameBy, statusTextKey } from './part-keys.ts';

/** Description (the heading), device id, model and the GSM mark of a model ending in G. */
export const PanelIdentity = memo(
  function PanelIdentity({ view, headingId }: { view: PanelView; headingId: string }) {
    const { t } = useTranslation();
    return (
      <Box sx={{ minWidth: 0 }}>
        <Typography
          id={headingId}
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {view.description}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('panels.list.deviceId', { devId: view.dev_id })} · {t('panels.list.model', { model: view.model })}
          {hasGsm(view.model) ? ` · ${t('panels.list.gsm')}` : ''}
        </Typography>
      </Box>
    );
  },
  sameBy('view', identityKey),
);

/** The panel's status: a code the console knows in the person's language, else `status_desc` as the panel words it. */
export const StatusText = memo(
  function StatusText({ view }: { view: PanelView }) {
    const { t } = useTranslation();
    const text = panelStatusText(t, view);
    if (!text) return null;
    // A panel that is not connected reports nothing now: its status is what it last said, and says so.
    const offline = view.connected === false;
    return (
      <Typography
        data-testid="panel-status-desc"
        variant="body2"
        sx={{ overflowWrap: 'anywhere', color: offline ? 'text.secondary' : undefined }}
      >
        {offline ? t('panels.list.lastKnownStatus', { status: text }) : text}
      </Typography>
    );
  },
  sameBy('view', statusTextKey),
);

/** The partitions with their armed state; nothing for a panel without partitions. */
export const Partitions = memo(
  function Partitions({ view }: { view: PanelView }) {
    const { t } = useTranslation();
    const partitions = view.PartList ?? [];
    if (partitions.length === 0) return null;
    return (
      <Box
        component="ul"
        aria-label={t('panels.list.partitions')}
        data-testid="panel-partitions"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}
      >
        {partitions.map((part) => {
          const name = part.name || String(part.partno);
          return (
            <li key={part.partno}>
              <StatusBadge
                variant="outlined"
                color={part.armed ? 'success' : 'default'}
                label={t(part.armed ? 'panels.list.partitionArmed' : 'panels.list.partitionDisarmed', { name })}
              />
            </li>
          );
        })}
      </Box>
    );
  },
  sameBy('view', partitionsListKey),
);

/**
 * How old the shown state is (the last live message, or the list's load when none came since), from the page's one
 * clock. While the live feed is down the state may be out of date, and it says so in words and with an icon.
 */
export const Freshness = memo(
  function Freshness({ updatedAt, stale }: { updatedAt: number; stale: boolean }) {
    const { t, i18n } = useTranslation();
    const now = useNow();
    const age = formatAge(now - updatedAt, i18n.language);
    return (
      <Box
        data-testid="panel-freshness"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          typography: 'caption',
          color: stale ? 'warning.main' : 'text.secondary',
          fontWeight: stale ? 600 : undefined,
        }}
      >
        {stale ? <SyncProblemIcon fontSize="small" /> : <AccessTimeIcon fontSize="small" />}
        <span>{stale ? t('panels.list.freshness.stale', { age }) : t('panels.list.freshness.updated', { age })}</span>
      </Box>
    );
  },
  // The words only change with the age's whole seconds (or the feed going down): not with every message.
  (previous, next) =>
    previous.stale === next.stale && freshnessKey(previous.updatedAt) === freshnessKey(next.updatedAt),
);
