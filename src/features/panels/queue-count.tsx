/**
 * A panel's programming queue at a glance: "2 queued", "1 needs a choice", from the shell's queue
 * watch; nothing when no write waits. The panel list's rows and cards and the panel detail show it.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import RuleIcon from '@mui/icons-material/Rule';
import { useQueueCount } from '../../lib/queue/use-queue-count.ts';
import { StatusBadge } from './list/status-badge.tsx';

export const QueueCount = memo(function QueueCount({ devId }: { devId: number }) {
  const { t } = useTranslation();
  const count = useQueueCount(devId);
  if (!count || (count.queued === 0 && count.conflicted === 0)) return null;
  return (
    <Box
      component="span"
      data-testid="queue-count"
      title={t('queue.count.label')}
      sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}
    >
      {count.queued > 0 ? (
        <StatusBadge
          color="info"
          icon={<ScheduleSendIcon />}
          label={t('queue.count.queued', { count: count.queued })}
        />
      ) : null}
      {count.conflicted > 0 ? (
        <StatusBadge
          color="warning"
          icon={<RuleIcon />}
          label={t('queue.count.conflicted', { count: count.conflicted })}
        />
      ) : null}
    </Box>
  );
});
