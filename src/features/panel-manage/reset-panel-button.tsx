/**
 * The panel management list's header button that resets a panel (spec 1 §2). It is admin-only (manage-access.ts):
 * below user type 2 it is disabled, with the reason written beside it.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import RestartAltIcon from '@mui/icons-material/RestartAlt';

export interface ResetPanelButtonProps {
  allowed: boolean;
  onClick: () => void;
}

export function ResetPanelButton({ allowed, onClick }: ResetPanelButtonProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  return (
    <>
      <Button
        variant="contained"
        color="warning"
        startIcon={<RestartAltIcon />}
        aria-haspopup="dialog"
        disabled={!allowed}
        aria-describedby={allowed ? undefined : reasonId}
        onClick={onClick}
      >
        {t('panelManage.reset.title')}
      </Button>
      {allowed ? null : (
        <Typography id={reasonId} variant="body2" sx={{ color: 'text.secondary' }}>
          {t('panelManage.reset.adminOnly')}
        </Typography>
      )}
    </>
  );
}
