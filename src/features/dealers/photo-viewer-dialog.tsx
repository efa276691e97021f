/**
 * The photo viewer of the dealership requests (spec 2 §2: tax plate and logo "viewable"): the image as large as the
 * screen allows, a link to open it in a new tab, and a message when it cannot be loaded.
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

export interface Photo {
  title: string;
  url: string;
}

/** Only web addresses are shown or linked (a link from the server is never run as a script). */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

export function PhotoViewerDialog({ photo: asked, onClose }: { photo: Photo | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  // The photo stays while the dialog closes, so the closing dialog keeps its title and image.
  const [photo, setPhoto] = useState(asked);
  const [failed, setFailed] = useState<string>();
  if (asked && asked !== photo) setPhoto(asked);
  return (
    <Dialog open={asked !== undefined} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="photo-viewer-title">
      {photo ? (
        <>
          <DialogTitle id="photo-viewer-title" sx={{ overflowWrap: 'anywhere' }}>
            {photo.title}
          </DialogTitle>
          <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>
            {failed === photo.url || !isWebUrl(photo.url) ? (
              <Alert severity="error" sx={{ width: '100%' }}>
                {t('dealerRequests.files.failed')}
              </Alert>
            ) : (
              <Box
                component="img"
                src={photo.url}
                alt={photo.title}
                onError={() => setFailed(photo.url)}
                sx={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain', bgcolor: 'background.default' }}
              />
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {isWebUrl(photo.url) ? (
              <Button href={photo.url} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNewIcon />}>
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
