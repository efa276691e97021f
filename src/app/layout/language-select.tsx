import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { visuallyHidden } from '@mui/utils';
import { reportFailure } from '../../lib/api/feedback.ts';
import { chooseLanguage } from '../../lib/i18n/i18n.ts';
import { LANGUAGES, type LanguageOption } from '../../lib/i18n/languages.ts';
import { useFrameControl } from './frame-state.ts';

const Flag = ({ language }: { language: LanguageOption }) =>
  language.flagUrl ? (
    <img src={language.flagUrl} alt="" width={20} height={15} style={{ marginRight: 8, verticalAlign: 'middle' }} />
  ) : null;

/**
 * Every language a locale file exists for, with its flag; choosing one stores it and switches the console to it in
 * place (a failed load says so and keeps the current language). On a phone the field shows the flag only (the name
 * stays readable to screen readers), so the header fits.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((language) => language.code === i18n.language);
  // Open or not is the frame's (frame-state.ts): opened while a page loads, the list stays open in the page's frame.
  const [open, setOpen] = useFrameControl('languageMenu');
  return (
    <TextField
      select
      size="small"
      label={t('layout.language')}
      value={i18n.language}
      onChange={(event) => void chooseLanguage(event.target.value).catch((error: unknown) => reportFailure(error))}
      sx={{ minWidth: { xs: 104, sm: 140 } }}
      slotProps={{
        select: {
          open,
          onOpen: () => setOpen(true),
          onClose: () => setOpen(false),
          renderValue: () =>
            current ? (
              <>
                <Flag language={current} />
                <Box
                  component="span"
                  sx={(theme) => (current.flagUrl ? { [theme.breakpoints.down('sm')]: visuallyHidden } : {})}
                >
                  {current.name}
                </Box>
              </>
            ) : (
              i18n.language
            ),
        },
      }}
    >
      {LANGUAGES.map((language) => (
        <MenuItem key={language.code} value={language.code} lang={language.code}>
          <Flag language={language} />
          {language.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
