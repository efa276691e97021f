import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  ariaDescribedByIds,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';

/**
 * A choice among a few options (yes/no, normally open/closed) as radio buttons: the MUI theme's radio widget, with
 * the group named by its field's label (the theme's label points at the group with `for`, which names nothing).
 */
export function RadioWidget(props: WidgetProps) {
  const { id, htmlName, options, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus } =
    props;
  const { enumOptions, enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (next: string) => enumOptionValueDecoder(next, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, '');
  const labelId = `${id}__label`;
  const shown = !hideLabel && !!label;
  return (
    <>
      {shown ? (
        <FormLabel id={labelId} required={required}>
          {label}
        </FormLabel>
      ) : null}
      <RadioGroup
        id={id}
        name={htmlName || id}
        value={selected}
        row={options.inline === true}
        onChange={(_event, next) => onChange(decode(next))}
        onBlur={(event) => onBlur(id, decode((event.target as HTMLInputElement).value))}
        onFocus={(event) => onFocus(id, decode((event.target as HTMLInputElement).value))}
        aria-labelledby={shown ? labelId : undefined}
        aria-label={shown ? undefined : label || undefined}
        aria-describedby={ariaDescribedByIds(id)}
      >
        {(enumOptions ?? []).map((option, index) => (
          <FormControlLabel
            key={String(option.value)}
            value={enumOptionValueEncoder(option.value, index, format)}
            label={option.label}
            disabled={disabled || readonly || (Array.isArray(enumDisabled) && enumDisabled.includes(option.value))}
            control={<Radio name={htmlName || id} id={optionId(id, index)} color="primary" />}
          />
        ))}
      </RadioGroup>
    </>
  );
}
