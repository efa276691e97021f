/** The forms or the alarm list could not be loaded (the cache has said why once): the state, with Retry. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';

export function ContextFailed({ onRetry }: { onRetry(): void }) {
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
      {schemaTranslate(t)('programming.templates.contextFailed')}
    </Alert>
  );
}
