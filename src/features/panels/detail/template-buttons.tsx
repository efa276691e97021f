/**
 * The installer's programming templates on the General tab: Export reads the panel's whole programming into a file;
 * Import writes a template file into this panel; Apply writes this panel's programming (or a file) into other
 * panels. Import and Apply write to this panel or from it, so both wait, with the reason shown, while it cannot be
 * programmed. The dialogs come with the programming chunk, loaded on the first click.
 */
import { useId, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import type { PanelLogin } from '../../../lib/session/panel-logins.ts';
import type { TemplateDialogName, TemplateDialogsProps } from '../../../lib/panels/programming-parts.ts';
import { LazyPart } from '../../../shared/dialogs/lazy-part.tsx';

export interface TemplateButtonsProps {
  devId: number;
  panelName: string;
  login: PanelLogin;
  /** Why the panel cannot be programmed now, translated; Import and Apply wait. */
  blockedReason: string | undefined;
  /** The programming's template dialogs (lazy: they load with the programming chunk). */
  dialogs: ComponentType<TemplateDialogsProps>;
}

export function TemplateButtons({ devId, panelName, login, blockedReason, dialogs: Dialogs }: TemplateButtonsProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<TemplateDialogName>();
  // Mounted from the first click on: the dialogs keep their closing animation, the chunk loads once.
  const [wanted, setWanted] = useState(false);
  const titleId = useId();
  const reasonId = useId();
  const open = (name: TemplateDialogName) => {
    setWanted(true);
    setOpened(name);
  };
  const writing = { disabled: blockedReason !== undefined, 'aria-describedby': blockedReason ? reasonId : undefined };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('panelDetail.templates.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={() => open('export')}>
            {t('panelDetail.templates.export')}
          </Button>
          <Button variant="outlined" startIcon={<FileUploadIcon />} onClick={() => open('import')} {...writing}>
            {t('panelDetail.templates.import')}
          </Button>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => open('apply')} {...writing}>
            {t('panelDetail.templates.apply')}
          </Button>
        </Stack>
        {blockedReason ? (
          <Typography id={reasonId} variant="body2" color="text.secondary">
            {blockedReason}
          </Typography>
        ) : null}
        {wanted ? (
          <LazyPart size={24}>
            <Dialogs
              devId={devId}
              panelName={panelName}
              login={login}
              opened={opened}
              onClose={() => setOpened(undefined)}
            />
          </LazyPart>
        ) : null}
      </Stack>
    </Paper>
  );
}
