import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { isLookupName, useLookup } from '../use-lookup.ts';

/**
 * A text value with suggestions from a lookup list (the SIA codes: `x-ui-lookup-value` names the entry's field that
 * is the value). Anything may still be typed; the schema's rule decides (exactly 2 characters for a SIA code).
 */
export function LookupTextWidget(props: WidgetProps) {
  const { id, value, label, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, options } = props;
  const lookup = isLookupName(options.lookup) ? options.lookup : undefined;
  const field = typeof options.lookupValue === 'string' ? options.lookupValue : 'Code';
  const { entries } = useLookup(lookup);
  const suggestions = entries.map((entry) => ({
    value: String((entry as unknown as Record<string, unknown>)[field] ?? entry.Code),
    label: entry.Description,
  }));
  return (
    <Autocomplete
      freeSolo
      id={id}
      options={suggestions}
      disabled={disabled || readonly}
      inputValue={typeof value === 'string' ? value : ''}
      onInputChange={(_event, next) => onChange(next === '' ? undefined : next)}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.value)}
      renderOption={({ key, ...optionProps }, option) => (
        <li key={key} {...optionProps}>
          {`${option.value} · ${option.label}`}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          margin="normal"
          error={!!rawErrors?.length}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      )}
    />
  );
}
