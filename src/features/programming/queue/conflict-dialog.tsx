/**
 * A conflicted queued write: the panel's value of a changed field differs from the value the review
 * showed as before, so nothing was written. Per field the three values — before (as the review showed it), now on
 * the panel, queued — and the person's choice (the panel's or the queued one); confirming queues the write again
 * with the chosen values (resolveQueuedWrite), or the write can be cancelled.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { QueueItem } from '@generated/api/types.gen.ts';
import type { JsonObject, JsonValue } from '@generated/settings/types.ts';
import { useResolveQueued } from '../api/queue-queries.ts';
import type { FieldView } from './queue-fields.ts';

type Choice = 'panel' | 'queued';

export interface ConflictDialogProps {
  item: QueueItem | undefined;
  what: string;
  view(group: number, field: string): FieldView;
  onClose(): void;
  /** Cancel the write instead (its own confirmation). */
  onCancelItem(item: QueueItem): void;
}

export function ConflictDialog({ item, what, view, onClose, onCancelItem }: ConflictDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const resolve = useResolveQueued();
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const changes = item?.changes ?? [];
  const choiceOf = (field: string): Choice => choices[field] ?? 'queued';
  const confirm = () => {
    if (!item) return;
    const values: JsonObject = Object.fromEntries(
      changes.map((change) => [
        change.field,
        (choiceOf(change.field) === 'panel' ? change.now : change.queued) as JsonValue,
      ]),
    );
    resolve.mutate(
      { id: item.id, values },
      {
        onSuccess: () => {
          setChoices({});
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open={item !== undefined}
      onClose={resolve.isPending ? undefined : onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="queue-conflict-title"
    >
      <DialogTitle id="queue-conflict-title">{t('programming.queue.resolve.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{what}</DialogContentText>
        <DialogContentText sx={{ mb: 2 }}>{t('programming.queue.resolve.intro')}</DialogContentText>
        {item
          ? changes.map((change) => {
              const field = view(item.group, change.field);
              const headingId = `queue-conflict-${item.id}-${change.field}`;
              return (
                <Box
                  key={change.field}
                  role="group"
                  aria-labelledby={headingId}
                  data-testid={`conflict-${change.field}`}
                  sx={{ mb: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
                >
                  <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {field.label}
                  </Typography>
                  <Box
                    component="dl"
                    sx={{
                      display: 'grid',
                      gridTemplateColumns: 'max-content 1fr',
                      columnGap: 2,
                      rowGap: 0.5,
                      my: 1,
                      '& dt': { color: 'text.secondary' },
                      '& dd': { m: 0, overflowWrap: 'anywhere' },
                    }}
                  >
                    <dt>{t('programming.queue.resolve.before')}</dt>
                    <dd data-testid="conflict-before">{field.show(change.before)}</dd>
                    <dt>{t('programming.queue.resolve.now')}</dt>
                    <dd data-testid="conflict-now">{field.show(change.now)}</dd>
                    <dt>{t('programming.queue.resolve.queued')}</dt>
                    <dd data-testid="conflict-queued">{field.show(change.queued)}</dd>
                  </Box>
                  <RadioGroup
                    row
                    aria-label={t('programming.queue.resolve.choiceLabel', { field: field.label })}
                    value={choiceOf(change.field)}
                    onChange={(_event, value) => setChoices((old) => ({ ...old, [change.field]: value as Choice }))}
                  >
                    <FormControlLabel
                      value="panel"
                      control={<Radio />}
                      label={`${t('programming.queue.resolve.keepPanel')}: ${field.show(change.now)}`}
                      disabled={resolve.isPending}
                    />
                    <FormControlLabel
                      value="queued"
                      control={<Radio />}
                      label={`${t('programming.queue.resolve.useQueued')}: ${field.show(change.queued)}`}
                      disabled={resolve.isPending}
                    />
                  </RadioGroup>
                </Box>
              );
            })
          : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button color="error" disabled={resolve.isPending} onClick={() => item && onCancelItem(item)}>
          {t('programming.queue.resolve.cancelItem')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {/* Closing leaves the write waiting for a choice: "Close", never a second "cancel" beside cancelling it. */}
        <Button onClick={onClose} disabled={resolve.isPending}>
          {t('common.close')}
        </Button>
        <Button variant="contained" onClick={confirm} disabled={resolve.isPending || changes.length === 0}>
          {t('programming.queue.resolve.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
