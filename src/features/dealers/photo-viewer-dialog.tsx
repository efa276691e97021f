/**
 * The photo viewer of the dealership requests (spec 2 §2: tax plate and logo "viewable"): the image as large as the
 * screen allows, a link to open it in a new tab, and a message when it cannot be loaded. A link is a path on the photo
 * host of the runtime configuration or an absolute http(s) link (photo-link.ts); anything else is never loaded.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { runtimeConfig } from '../../lib/config/runtime.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import { photoSource } from './photo-link.ts';

export interface Photo {
  title: string;
  /** The link as the server answered it (`PhotoLink`). */
  url: string;
}

/** Why a photo is not shown. */
const MESSAGES: Readonly<Record<'noHost' | 'refused' | 'failed', TranslationKey>> = {
  noHost: 'dealerRequests.files.noHost',
  refused: 'dealerRequests.files.refused',
  failed: 'dealerRequests.files.failed',
};

export function PhotoViewerDialog({ photo: asked, onClose }: { photo: Photo | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  // The photo stays while the dialog closes, so the closing dialog keeps its title and image.
  const [photo, setPhoto] = useState(asked);
  const [failed, setFailed] = useState<string>();
  if (asked && asked !== photo) setPhoto(asked);
  const source = photo && photoSource(photo.url, runtimeConfig().photoBaseUrl, window.location.origin);
  // The address of an image that may load; else why nothing is shown.
  const url = source?.kind === 'image' && failed !== source.url ? source.url : undefined;
  const problem = source?.kind === 'image' ? 'failed' : (source?.kind ?? 'refused');
  return (
    <Dialog open={asked !== undefined} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="photo-viewer-title">
      {photo ? (
        <>
          <DialogTitle id="photo-viewer-title" sx={{ overflowWrap: 'anywhere' }}>
            {photo.title}
          </DialogTitle>
          <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>
            {url ? (
              <Box
                component="img"
                src={url}
                alt={photo.title}
                onError={() => setFailed(url)}
                sx={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain', bgcolor: 'background.default' }}
              />
            ) : (
              <Alert severity="error" sx={{ width: '100%' }}>
                {t(MESSAGES[problem])}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {url ? (
              <Button href={url} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNewIcon />}>
                {t('dealerRequests.files.open')}
              </Button>
            ) : null}
            <Button onClick={onClose} variant="contained" autoFocus>
              {t('common.close')}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
