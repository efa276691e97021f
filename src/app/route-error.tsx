import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** What a route shows when it fails to load or render (the router's error component). */
export function RouteError({ reset }: { error: unknown; reset: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3 }} role="alert">
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={reset}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('errors.pageError')}
      </Alert>
    </Box>
  );
}
