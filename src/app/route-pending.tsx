import { useTranslation } from 'react-i18next';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * What a route shows while its guard checks access and its loader fetches the page's data. Every call ends (the
 * gateway's request time-out, the guard's deadline), so this always gives way to the page or to its error.
 */
export function RoutePending() {
  const { t } = useTranslation();
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 8 }}>
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{t('common.loading')}</Typography>
    </Stack>
  );
}
