/**
 * The alarm bar's way to system notifications: while they are off and the person never chose, a line saying what they
 * are for and "notify me", the same action as the alarm list's (the browser asks its question only after this click,
 * never on load). Gone once they are on, blocked, stopped on purpose, or the question was dismissed in this tab.
 */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useNotifyChoice } from './alarm-signals.ts';

export function NotifyOffer() {
  const { t } = useTranslation();
  const notify = useNotifyChoice();
  if (!notify.offered) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      data-testid="alarm-notify-offer"
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
    >
      <Typography variant="body2">{t('alarms.notifyOffer')}</Typography>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<NotificationsIcon />}
        onClick={() => void notify.enable()}
      >
        {t('alarms.notifyMe')}
      </Button>
    </Stack>
  );
}
