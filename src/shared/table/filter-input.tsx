/**
 * The input of one filter field: a text field, a date picker (MUI X, dayjs) or a select of the field's options.
 * It reports what is entered as the filter's text (`YYYY-MM-DD` for a date; an incomplete date as `invalid`).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_VALUE_FORMAT, DEFAULT_TEXT_MAX_LENGTH, isDateValue, type FilterField } from './filters.ts';

export const INVALID_DATE = 'invalid';

export interface FilterInputProps {
  field: FilterField;
  value: string;
  onChange: (value: string) => void;
  /** The error said under the input, if any. */
  error?: string;
}

export function FilterInput({ field, value, onChange, error }: FilterInputProps) {
  const { t } = useTranslation();
  // A date being typed is kept as the picker has it (it may not be a date yet).
  const [date, setDate] = useState<Dayjs | null>(() => (isDateValue(value) ? dayjs(value) : null));
  const common = {
    label: field.label,
    error: Boolean(error),
    helperText: error,
    fullWidth: true,
    size: 'small',
  } as const;

  if (field.kind === 'date') {
    return (
      <DatePicker
        label={field.label}
        value={date}
        onChange={(next) => {
          setDate(next);
          onChange(next === null ? '' : next.isValid() ? next.format(DATE_VALUE_FORMAT) : INVALID_DATE);
        }}
        slotProps={{ textField: common }}
      />
    );
  }
  if (field.kind === 'select') {
    return (
      <TextField
        {...common}
        select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('table.filters.choose')}</option>
        {field.options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      {...common}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { maxLength: field.maxLength ?? DEFAULT_TEXT_MAX_LENGTH } }}
    />
  );
}
