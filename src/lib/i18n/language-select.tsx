import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { visuallyHidden } from '@mui/utils';
import { reportFailure } from '../api/feedback.ts';
import { chooseLanguage } from './i18n.ts';
import { LANGUAGES, type LanguageOption } from './languages.ts';

const Flag = ({ language }: { language: LanguageOption }) =>
  language.flagUrl ? (
    <img src={language.flagUrl} alt="" width={20} height={15} style={{ marginRight: 8, verticalAlign: 'middle' }} />
  ) : null;

export interface LanguageSelectProps {
  /** The field's label, a text of the part of the locale files the page has loaded (the sign-in page has no header's). */
  label: string;
  /** Open or not, when the caller keeps it (the signed-in frame keeps it across its redraws); else the field's own. */
  open?: boolean;
  onOpen?(): void;
  onClose?(): void;
}

/**
 * Every language a locale file exists for, with its flag; choosing one stores it (`lang`, read at the next start)
 * and switches the console to it in place (a failed load says so and keeps the current language). On a phone the
 * field shows the flag only (the name stays readable to screen readers), so the header fits. The shell's header and
 * the sign-in page show the same one.
 */
export function LanguageSelect({ label, open, onOpen, onClose }: LanguageSelectProps) {
  const { i18n } = useTranslation();
  const current = LANGUAGES.find((language) => language.code === i18n.language);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={i18n.language}
      onChange={(event) => void chooseLanguage(event.target.value).catch((error: unknown) => reportFailure(error))}
      sx={{ minWidth: { xs: 104, sm: 140 } }}
      slotProps={{
        select: {
          ...(open === undefined ? {} : { open, onOpen, onClose }),
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
