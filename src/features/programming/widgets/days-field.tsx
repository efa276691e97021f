import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { FieldProps } from '@rjsf/utils';
import { WEEK, weekdayName, type Weekday } from '../weekdays.ts';

/** Days Monday to Sunday (days 1-7, spec 2 §9) as seven checkboxes named in the interface language. */
export function DaysField({
  formData,
  onChange,
  fieldPathId,
  disabled,
  readonly,
  uiSchema,
  rawErrors,
  errorSchema,
}: FieldProps) {
  const { i18n } = useTranslation();
  const days = (formData ?? {}) as Partial<Record<Weekday, boolean>>;
  const label = typeof uiSchema?.['ui:title'] === 'string' ? uiSchema['ui:title'] : '';
  const help = typeof uiSchema?.['ui:description'] === 'string' ? uiSchema['ui:description'] : '';
  const errors = rawErrors ?? (errorSchema?.__errors as string[] | undefined) ?? [];
  const id = fieldPathId.$id;
  return (
    <FormControl component="fieldset" error={errors.length > 0} sx={{ my: 1 }}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {WEEK.map((day) => (
          <FormControlLabel
            key={day}
            label={weekdayName(day, i18n.language)}
            control={
              <Checkbox
                id={`${id}-${day}`}
                checked={days[day] === true}
                disabled={disabled || readonly}
                onChange={(event) =>
                  onChange(
                    Object.fromEntries(WEEK.map((d) => [d, d === day ? event.target.checked : days[d] === true])),
                    fieldPathId.path,
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      {help ? <FormHelperText>{help}</FormHelperText> : null}
      {errors.map((error) => (
        <FormHelperText key={error} error>
          {error}
        </FormHelperText>
      ))}
    </FormControl>
  );
}
