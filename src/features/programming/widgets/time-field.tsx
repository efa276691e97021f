import dayjs from 'dayjs';
import FormHelperText from '@mui/material/FormHelperText';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { FieldProps } from '@rjsf/utils';

interface Time {
  hour?: number;
  minute?: number;
}

/** A time of day `{hour, minute}` (spec 2 §3) with the MUI X time picker, 24-hour, two digits each. */
export function TimeField({
  formData,
  onChange,
  fieldPathId,
  disabled,
  readonly,
  uiSchema,
  rawErrors,
  errorSchema,
}: FieldProps) {
  const time = (formData ?? {}) as Time;
  const label = typeof uiSchema?.['ui:title'] === 'string' ? uiSchema['ui:title'] : '';
  const help = typeof uiSchema?.['ui:description'] === 'string' ? uiSchema['ui:description'] : '';
  const errors = rawErrors ?? (errorSchema?.__errors as string[] | undefined) ?? [];
  const value =
    typeof time.hour === 'number' && typeof time.minute === 'number'
      ? dayjs().hour(time.hour).minute(time.minute).second(0)
      : null;
  return (
    <div>
      <TimePicker
        label={label}
        value={value}
        ampm={false}
        format="HH:mm"
        disabled={disabled}
        readOnly={readonly}
        onChange={(next) => {
          if (next?.isValid()) onChange({ hour: next.hour(), minute: next.minute() }, fieldPathId.path);
        }}
        slotProps={{
          textField: {
            id: fieldPathId.$id,
            fullWidth: true,
            margin: 'normal',
            error: errors.length > 0,
            helperText: errors[0] ?? help,
          },
        }}
      />
      {errors.length > 1
        ? errors.slice(1).map((error) => (
            <FormHelperText key={error} error>
              {error}
            </FormHelperText>
          ))
        : null}
    </div>
  );
}
