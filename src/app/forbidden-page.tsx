import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { Page } from '../shared/page/page.tsx';

/** The forbidden view: for routes above the user's level, and for any unknown path. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('errors.forbiddenTitle')}>
      <Alert severity="warning">{t('errors.forbiddenText')}</Alert>
    </Page>
  );
}
