/**
 * The language choice of the public dealership page (the console's header, with its own, is not shown here): every
 * language a locale file exists for; choosing one switches the page in place and is remembered.
 */
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { reportFailure } from '../../lib/api/feedback.ts';
import { chooseLanguage } from '../../lib/i18n/i18n.ts';
import { LANGUAGES } from '../../lib/i18n/languages.ts';

export function PublicLanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('dealer.create.language')}
      value={i18n.language}
      onChange={(event) => void chooseLanguage(event.target.value).catch((error: unknown) => reportFailure(error))}
      sx={{ minWidth: 112 }}
    >
      {LANGUAGES.map((language) => (
        <MenuItem key={language.code} value={language.code} lang={language.code}>
          {language.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
