import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../lib/i18n/language-select.tsx';
import { useFrameControl } from './frame-state.ts';

/**
 * The header's language choice (src/lib/i18n/language-select.tsx, the sign-in page's too). Open or not is the
 * frame's (frame-state.ts): opened while a page loads, the list stays open in the page's frame.
 */
export function FrameLanguageSelect() {
  const { t } = useTranslation();
  const [open, setOpen] = useFrameControl('languageMenu');
  return (
    <LanguageSelect
      label={t('layout.language')}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
    />
  );
}
