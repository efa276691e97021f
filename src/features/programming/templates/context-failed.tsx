/** The forms or the alarm list could not be loaded (the cache has said why once): the state, with Retry. */
import { useTranslation } from 'react-i18next';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { ErrorWithRetry } from '../../../shared/page/error-with-retry.tsx';

export function ContextFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return <ErrorWithRetry onRetry={onRetry}>{schemaTranslate(t)('programming.templates.contextFailed')}</ErrorWithRetry>;
}
