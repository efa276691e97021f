import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { isLookupName, useLookup } from '../use-lookup.ts';

/**
 * A choice among codes: from the lookup list the schema names (`x-ui-lookup`, Code and Description), otherwise from
 * the schema's own options. A stored code the list does not know stays selectable, shown as its number.
 */
export function LookupSelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, label, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, options } = props;
  const lookup = isLookupName(options.lookup) ? options.lookup : undefined;
  const { entries, isPending, isError } = useLookup(lookup);
  const choices = lookup
    ? entries.map((entry) => ({ value: entry.Code, label: entry.Description }))
    : (options.enumOptions ?? []).map((option) => ({ value: option.value as number, label: option.label }));
  if (value !== undefined && value !== null && !choices.some((choice) => choice.value === value)) {
    choices.push({ value: value as number, label: String(value) });
  }
  const help =
    lookup && isPending ? t('common.loading') : lookup && isError ? t('programming.lookupFailed') : undefined;
  return (
    <TextField
      id={id}
      select
      fullWidth
      margin="normal"
      label={label}
      required={required}
      disabled={disabled || readonly}
      value={value ?? ''}
      error={!!rawErrors?.length}
      helperText={help}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
