/**
 * The panel detail's Queue tab: the panel's queued settings writes, oldest first (getPanelQueue), each
 * with when and by whom it was queued, the record it writes, every change before → queued (and the panel's value
 * when the server compared), its state, and the panel's answer when it failed. The installer cancels a queued or
 * conflicted write (after a confirmation) and chooses the values of a conflicted one. The list is read again
 * whenever the shell's queue watch sees the panel's counts change.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QueueItem, QueueState } from '@generated/api/types.gen.ts';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import type { QueueTabProps } from '../../../lib/panels/programming-parts.ts';
import { useQueueCount } from '../../../lib/queue/use-queue-count.ts';
import { cancellable, panelAnswerText, QUEUE_STATE_TEXT, queueItemWhat } from '../../../lib/queue/queue-texts.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { ErrorWithRetry } from '../../../shared/page/error-with-retry.tsx';
import { usePanelQueue } from '../api/queue-queries.ts';
import { CancelQueuedDialog } from './cancel-dialog.tsx';
import { ConflictDialog } from './conflict-dialog.tsx';
import { useFieldViews, type FieldView } from './queue-fields.ts';

const STATE_COLOR: Record<QueueState, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'info',
  applying: 'info',
  applied: 'success',
  failed: 'error',
  conflicted: 'warning',
  cancelled: 'default',
};

function QueueEntry({
  item,
  view,
  canChange,
  onCancel,
  onResolve,
}: {
  item: QueueItem;
  view(group: number, field: string): FieldView;
  canChange: boolean;
  onCancel(item: QueueItem): void;
  onResolve(item: QueueItem): void;
}) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const what = queueItemWhat(tt, item);
  const headingId = `queue-item-${item.id}-title`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={`queue-item-${item.id}`}
      data-state={item.state}
      sx={{ p: { xs: 1.5, sm: 2 }, listStyle: 'none' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {what}
        </Typography>
        <Chip size="small" color={STATE_COLOR[item.state]} label={t(QUEUE_STATE_TEXT[item.state])} />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {`${t('programming.queue.list.when')}: ${formatDate(item.queued_at, 'panel')} · ${t('programming.queue.list.who')}: ${item.queued_by.name}`}
        {item.action === 'template_apply' ? ` · ${t('programming.queue.list.template')}` : ''}
        {item.finished_at
          ? ` · ${t(
              // A conflicted write is not done: it waits for a person's choice since then.
              item.state === 'conflicted' ? 'programming.queue.list.awaitingChoice' : 'programming.queue.list.finished',
              { time: formatDate(item.finished_at, 'panel') },
            )}`
          : ''}
      </Typography>
      <Box component="ul" aria-label={t('programming.queue.list.changes')} sx={{ pl: 2.5, my: 1 }}>
        {item.changes.map((change) => {
          const field = view(item.group, change.field);
          const values = {
            field: field.label,
            before: field.show(change.before),
            queued: field.show(change.queued),
            now: field.show(change.now),
          };
          return (
            <Typography component="li" variant="body2" key={change.field} sx={{ overflowWrap: 'anywhere' }}>
              {change.now !== undefined && item.state !== 'applied'
                ? t('programming.queue.list.changeNow', values)
                : t('programming.queue.list.change', values)}
            </Typography>
          );
        })}
      </Box>
      {item.state === 'failed' && item.panel_answer ? (
        <Typography variant="body2" sx={{ color: 'error.main' }}>
          {panelAnswerText(tt, item.panel_answer)}
        </Typography>
      ) : null}
      {canChange && cancellable(item.state) ? (
        <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {item.state === 'conflicted' ? (
            <Button variant="contained" onClick={() => onResolve(item)} aria-describedby={headingId}>
              {t('programming.queue.resolve.button')}
            </Button>
          ) : null}
          <Button color="error" onClick={() => onCancel(item)} aria-describedby={headingId}>
            {t('programming.queue.cancel.button')}
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}

export function QueueTab({ devId, canChange }: QueueTabProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const queue = usePanelQueue(devId);
  const items = queue.data?.data ?? [];
  const fields = useFieldViews(items.map((item) => item.group));
  const [cancelling, setCancelling] = useState<QueueItem>();
  const [resolving, setResolving] = useState<QueueItem>();

  // The watch's counts of this panel changed: a write moved on, read the list again.
  const count = useQueueCount(devId);
  const signature = `${count?.queued ?? 0}/${count?.conflicted ?? 0}`;
  const shown = useRef(signature);
  const { refetch } = queue;
  useEffect(() => {
    if (shown.current === signature) return;
    shown.current = signature;
    void refetch();
  }, [signature, refetch]);

  let body;
  if (queue.isError || fields.failed) {
    body = (
      <ErrorWithRetry onRetry={() => void (queue.isError ? queue.refetch() : fields.retry())}>
        {t('programming.queue.list.loadFailed')}
      </ErrorWithRetry>
    );
  } else if (queue.isPending || fields.pending) {
    body = <CircularProgress aria-label={t('common.loading')} />;
  } else if (items.length === 0) {
    body = <Typography sx={{ color: 'text.secondary' }}>{t('programming.queue.list.empty')}</Typography>;
  } else {
    body = (
      <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }} aria-labelledby="queue-tab-title">
        {items.map((item) => (
          <QueueEntry
            key={item.id}
            item={item}
            view={fields.view}
            canChange={canChange}
            onCancel={setCancelling}
            onResolve={setResolving}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Typography id="queue-tab-title" component="h2" variant="h6">
        {t('programming.queue.list.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('programming.queue.list.intro')}
      </Typography>
      {body}
      <CancelQueuedDialog
        id={cancelling?.id}
        what={cancelling ? queueItemWhat(tt, cancelling) : ''}
        onClose={() => setCancelling(undefined)}
      />
      <ConflictDialog
        key={resolving?.id}
        item={resolving}
        what={resolving ? queueItemWhat(tt, resolving) : ''}
        view={fields.view}
        onClose={() => setResolving(undefined)}
        onCancelItem={(item) => {
          setResolving(undefined);
          setCancelling(item);
        }}
      />
    </Stack>
  );
}
