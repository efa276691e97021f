/** A verification code input: 4 to 10 letters or digits (contract `VerificationCodeRequest.code`). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { isValidCode } from './validation.ts';

export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
}

export function CodeField({ value, onChange }: CodeFieldProps) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const invalid = touched && value.trim() !== '' && !isValidCode(value);
  return (
    <TextField
      label={t('auth.common.code')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => setTouched(true)}
      autoComplete="one-time-code"
      autoFocus
      required
      fullWidth
      error={invalid}
      helperText={invalid ? t('auth.common.invalidCode') : t('auth.common.codeHelp')}
      slotProps={{ htmlInput: { maxLength: 10, spellCheck: false } }}
    />
  );
}
