/**
 * The ten recovery codes the confirmation answered, shown once: "save them now", copy and download. They live only
 * in this dialog's state: closing it forgets them.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { copyText } from '../../../shared/files/copy-text.ts';
import { saveFile } from '../../../shared/files/save-file.ts';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | undefined>();
  const text = `${codes.join('\n')}\n`;
  return (
    <>
      <DialogTitle>{t('account.twoStep.codesTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('account.twoStep.codesSaveNow')}</Alert>
          <Box
            component="ol"
            aria-label={t('account.twoStep.codesLabel')}
            sx={{ columns: 2, fontFamily: 'monospace', fontSize: '1.1rem', m: 0, pl: 4 }}
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={() => void copyText(text).then(setCopied)}>
              {t('account.twoStep.copyCodes')}
            </Button>
            <Button variant="outlined" onClick={() => saveFile(text, 'recovery-codes.txt', 'text/plain')}>
              {t('account.twoStep.downloadCodes')}
            </Button>
          </Stack>
          <Box aria-live="polite">
            {copied === undefined ? null : copied ? t('account.twoStep.copied') : t('account.twoStep.copyFailed')}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onDone}>
          {t('account.twoStep.codesDone')}
        </Button>
      </DialogActions>
    </>
  );
}
