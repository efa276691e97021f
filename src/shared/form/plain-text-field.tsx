/**
 * An outlined text field built from the input parts only. MUI's TextField also carries its `select` mode (Select,
 * Menu, Popover, Modal: about 15 kB gzip), which a page's first paint should not pay for when it never shows a
 * select; the sign-in form uses this one. It renders the same markup as an outlined TextField: a label bound to
 * the input, a helper text bound by aria-describedby, the required and error states.
 */
import { useId, type ChangeEvent, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface PlainTextFieldProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  margin?: 'none' | 'dense' | 'normal';
}

export function PlainTextField({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  autoFocus,
  required,
  error,
  helperText,
  margin = 'normal',
}: PlainTextFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl fullWidth margin={margin} required={required} error={error} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={required ? `${label} *` : label}
        type={type}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputProps={{ 'aria-describedby': helperId }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
