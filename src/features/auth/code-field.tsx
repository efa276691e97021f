/** A verification code input, checked by the contract's `VerificationCodeRequest.code` rule. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { fieldMessage } from '../../lib/forms/field-message.ts';
import { checkValue, messageValues } from '../../lib/forms/schema-rules.ts';
import { codeMessages, codeRules } from './validation.ts';

const rule = codeRules.rules.code;

export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
}

export function CodeField({ value, onChange }: CodeFieldProps) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const violation = touched && value.trim() !== '' ? checkValue(rule, value.trim()) : null;
  const error = violation ? fieldMessage(t, codeMessages.code[violation], rule) : undefined;
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
      error={error !== undefined}
      helperText={error ?? t('auth.common.codeHelp', messageValues(rule))}
      slotProps={{ htmlInput: { maxLength: rule.maxLength, spellCheck: false } }}
    />
  );
}
