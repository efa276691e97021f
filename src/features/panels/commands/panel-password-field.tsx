import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { fieldMessage } from '../../../lib/forms/field-message.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';
import type { FieldRule } from '../../../lib/forms/schema-rules.ts';

export interface PanelPasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  rule: FieldRule;
  /** The message key of the rule the value breaks, if any. */
  error: TranslationKey | undefined;
  disabled?: boolean;
}

/**
 * The panel password: masked (with a show toggle, a keypad code is short and easy to mistype), a numeric keyboard
 * on phones. A wrong character shows its message at once; an empty field only after it was typed in and left.
 */
export function PanelPasswordField({ value, onChange, rule, error, disabled }: PanelPasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [left, setLeft] = useState(false);
  const shown = error && (value !== '' || left) ? fieldMessage(t, error, rule) : undefined;
  return (
    <TextField
      label={t('commands.password.label')}
      type={visible ? 'text' : 'password'}
      value={value}
      required={rule.required}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => setLeft(value !== '' || left)}
      error={shown !== undefined}
      helperText={shown}
      autoComplete="off"
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'data-testid': 'panel-password' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                onClick={() => setVisible((current) => !current)}
                aria-label={t(visible ? 'commands.password.hide' : 'commands.password.show')}
                aria-pressed={visible}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
