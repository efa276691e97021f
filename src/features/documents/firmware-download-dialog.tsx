/**
 * The firmware page's confirm modal (spec 2 "Help and firmware screens"): opening a firmware file asks the store for
 * its download link and shows it; the download starts only from the modal's link. A failure to get the link is one
 * toast (the store's description) and a line in the modal.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { Document } from '@generated/api/types.gen.ts';
import { downloadLinkOptions } from './api/document-queries.ts';
import { safeHref } from '../../shared/files/save-file.ts';

const TITLE_ID = 'firmware-download-title';

export function FirmwareDownloadDialog({
  entry: asked,
  onClose,
}: {
  entry: Document | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The file shown stays while the dialog closes, so the closing dialog keeps its text.
  const [entry, setEntry] = useState(asked);
  if (asked && asked !== entry) setEntry(asked);
  return (
    <Dialog open={asked !== undefined} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>{t('documents.confirm.title')}</DialogTitle>
      {entry ? <DownloadLink key={entry.path} entry={entry} open={asked !== undefined} onClose={onClose} /> : null}
    </Dialog>
  );
}

function DownloadLink({ entry, open, onClose }: { entry: Document; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const link = useQuery({ ...downloadLinkOptions(entry.path), enabled: open });
  const href = link.data ? safeHref(link.data.href) : undefined;
  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {t('documents.confirm.text', { name: entry.name })}
        </DialogContentText>
        <Stack spacing={0.5} sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="p" id="firmware-download-link">
            {t('documents.confirm.link')}
          </Typography>
          {link.isPending ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={16} aria-hidden />
              <Typography variant="body2">{t('documents.confirm.loading')}</Typography>
            </Stack>
          ) : href ? (
            <Link
              href={href}
              download={entry.name}
              aria-describedby="firmware-download-link"
              onClick={onClose}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {href}
            </Link>
          ) : (
            <Alert severity="error">{t('documents.confirm.error')}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={!href}
          loading={link.isPending}
          loadingPosition="start"
          {...(href ? { href, download: entry.name } : {})}
          onClick={onClose}
        >
          {t('documents.confirm.submit')}
        </Button>
      </DialogActions>
    </>
  );
}
