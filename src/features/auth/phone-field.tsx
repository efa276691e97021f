/** A phone number with its country (calling code) picker; Turkey (+90) is the default country. */
import { useMemo, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

export interface PhoneFieldProps {
  country: CountryCode;
  number: string;
  onCountryChange: (country: CountryCode) => void;
  onNumberChange: (number: string) => void;
  onBlur?: () => void;
  /** The translated error under the number, if any. */
  error?: string;
}

/** Countries with their calling codes, named in the interface language and sorted by that name. */
function useCountryOptions(language: string) {
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      names = undefined;
    }
    const collator = new Intl.Collator(language);
    return getCountries()
      .map((code) => ({ code, label: `${names?.of(code) ?? code} (+${getCountryCallingCode(code)})` }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [language]);
}

export function PhoneField({ country, number, onCountryChange, onNumberChange, onBlur, error }: PhoneFieldProps) {
  const { t, i18n } = useTranslation();
  const options = useCountryOptions(i18n.language);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label={t('auth.register.country')}
        value={country}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onCountryChange(event.target.value as CountryCode)}
        slotProps={{ select: { native: true } }}
        sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0 }}
      >
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
      </TextField>
      <TextField
        label={t('auth.register.phone')}
        value={number}
        onChange={(event) => onNumberChange(event.target.value)}
        onBlur={onBlur}
        type="tel"
        autoComplete="tel"
        required
        fullWidth
        error={error !== undefined}
        helperText={error ?? t('auth.register.phoneHelp')}
      />
    </Stack>
  );
}
