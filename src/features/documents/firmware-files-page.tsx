/**
 * `/Help/Updates` (menu level 2, spec 2 §2): the firmware folder of the file store. Opening a firmware file shows the
 * confirm modal with its download link.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Document } from '@generated/api/types.gen.ts';
import { paths } from '../../lib/routing/paths.ts';
import { DocumentBrowser } from './document-browser.tsx';
import { FirmwareDownloadDialog } from './firmware-download-dialog.tsx';

export function FirmwareFilesPage() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<Document>();
  const close = useCallback(() => setConfirming(undefined), []);
  return (
    <>
      <DocumentBrowser
        area="firmware"
        title={t('documents.firmware.title')}
        pagePath={paths.firmware}
        onOpenFile={setConfirming}
      />
      <FirmwareDownloadDialog entry={confirming} onClose={close} />
    </>
  );
}
