import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import FormGroup from '@mui/material/FormGroup';
import type { WidgetProps } from '@rjsf/utils';
import { KEYPAD_COUNT, keypadFlags, selectedKeypads } from '../keypad-flags.ts';

/** Keypad flag strings (four pairs, 11 selected, 00 not; spec 2 §3) as four keypad checkboxes. */
export function KeypadFlagsWidget({
  id,
  value,
  disabled,
  readonly,
  required,
  onChange,
  onBlur,
  label,
  rawErrors,
}: WidgetProps) {
  const { t } = useTranslation();
  const selected = selectedKeypads(typeof value === 'string' ? value : '');
  const toggle = (index: number, on: boolean) => {
    const next = [...selected];
    next[index] = on;
    onChange(keypadFlags(next));
  };
  return (
    <FormControl component="fieldset" required={required} error={!!rawErrors?.length} sx={{ mt: 1 }}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row id={id} onBlur={() => onBlur(id, value)}>
        {Array.from({ length: KEYPAD_COUNT }, (_, index) => (
          <FormControlLabel
            key={index}
            label={t('programming.keypadNumber', { number: index + 1 })}
            control={
              <Checkbox
                checked={selected[index] === true}
                disabled={disabled || readonly}
                onChange={(event) => toggle(index, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
