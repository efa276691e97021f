import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { WidgetProps } from '@rjsf/utils';

/** A yes/no setting as a switch (its help is drawn below by the field template). */
export function SwitchWidget({ id, value, label, disabled, readonly, onChange, onBlur, onFocus }: WidgetProps) {
  return (
    <FormControlLabel
      label={label}
      control={
        <Switch
          id={id}
          checked={value === true}
          disabled={disabled || readonly}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
          slotProps={{ input: { 'aria-describedby': `${id}__description` } }}
        />
      }
    />
  );
}
