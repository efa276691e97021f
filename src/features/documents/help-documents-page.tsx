/**
 * `/Help/List` (menu level 0, spec 2 §2): the help documents of the file store, every root folder but the firmware
 * folder as a tab. Opening a file downloads it (the store's link, saved under the file's name).
 */
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/routing/paths.ts';
import { useDownloadFile } from './api/document-queries.ts';
import { DocumentBrowser } from './document-browser.tsx';

export function HelpDocumentsPage() {
  const { t } = useTranslation();
  const download = useDownloadFile();
  return (
    <DocumentBrowser
      area="help"
      title={t('documents.help.title')}
      pagePath={paths.help}
      onOpenFile={(entry) => void download(entry)}
    />
  );
}
