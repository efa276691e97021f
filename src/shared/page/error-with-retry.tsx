/**
 * What could not be read or loaded, said in its own place with a retry: an error alert (role `alert`) whose action is
 * the one "Retry" button. The failure's toast, when there is one, comes from the query cache (lib/api/feedback.ts);
 * this says what is missing here.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

export function ErrorWithRetry({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
