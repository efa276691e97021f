import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { chooseLanguage, LANGUAGES } from '../../lib/i18n/i18n.ts';

/** Every language a locale file exists for, with its flag; choosing one stores it and reloads. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('layout.language')}
      value={i18n.language}
      onChange={(event) => chooseLanguage(event.target.value)}
      sx={{ minWidth: 140 }}
    >
      {LANGUAGES.map((language) => (
        <MenuItem key={language.code} value={language.code} lang={language.code}>
          {language.flagUrl ? (
            <img
              src={language.flagUrl}
              alt=""
              width={20}
              height={15}
              style={{ marginRight: 8, verticalAlign: 'middle' }}
            />
          ) : null}
          {language.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
