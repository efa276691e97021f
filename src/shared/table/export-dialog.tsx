/** The progress of an export: rows read so far, writing the file, done (with the cap if it cut the list), failed. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { EXPORT_ROW_CAP } from './export-rows.ts';
import { useTableEnvironment } from './table-environment.tsx';
import type { ExportState } from './use-table-export.ts';

export interface ExportDialogProps {
  state: ExportState;
  onStop: () => void;
  onRetry: () => void;
  onClose: () => void;
}

export function ExportDialog({ state, onStop, onRetry, onClose }: ExportDialogProps) {
  const { t, i18n } = useTranslation();
  const { describeError } = useTableEnvironment();
  const titleId = useId();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const working = state.phase === 'reading' || state.phase === 'writing';
  return (
    <Dialog
      open={state.phase !== 'idle'}
      onClose={working ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('table.export.title')}</DialogTitle>
      <DialogContent>
        {state.phase === 'reading' ? (
          <>
            <Typography role="status" sx={{ mb: 2 }}>
              {state.expected === undefined
                ? t('table.export.readingOpen', { fetched: number(state.fetched) })
                : t('table.export.reading', { fetched: number(state.fetched), expected: number(state.expected) })}
            </Typography>
            <LinearProgress
              aria-label={t('table.export.title')}
              {...(state.expected
                ? { variant: 'determinate', value: Math.min(100, (state.fetched / state.expected) * 100) }
                : {})}
            />
          </>
        ) : null}
        {state.phase === 'writing' ? (
          <>
            <Typography role="status" sx={{ mb: 2 }}>
              {t('table.export.writing')}
            </Typography>
            <LinearProgress aria-label={t('table.export.title')} />
          </>
        ) : null}
        {state.phase === 'done' ? (
          <>
            <Typography role="status">
              {state.count === 0 ? t('table.export.empty') : t('table.export.done', { count: state.count })}
            </Typography>
            {state.capped ? (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {state.total === undefined
                  ? t('table.export.cappedOpen', { cap: number(EXPORT_ROW_CAP) })
                  : t('table.export.capped', { cap: number(EXPORT_ROW_CAP), total: number(state.total) })}
              </Alert>
            ) : null}
          </>
        ) : null}
        {state.phase === 'failed' ? (
          <Alert severity="error">
            {t('table.export.failed')} {describeError?.(state.error) ?? ''}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        {working ? <Button onClick={onStop}>{t('table.export.stop')}</Button> : null}
        {state.phase === 'failed' ? <Button onClick={onRetry}>{t('common.retry')}</Button> : null}
        {!working ? (
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('common.close')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
