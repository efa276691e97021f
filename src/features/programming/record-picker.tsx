import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

export interface RecordPickerProps {
  /** The numbers to choose from, as people know them (zone 1-19, output 1-10, user 1-19, keypad 1-4). */
  numbers: readonly number[];
  label: string;
  /** The name of a number, when the panel's list names it. */
  nameOf(number: number): string | undefined;
  buttonLabel: string;
  onPick(number: number): void;
}

/** The picker forms of spec 2 §2: choose a number, then program it. */
export function RecordPicker({ numbers, label, nameOf, buttonLabel, onPick }: RecordPickerProps) {
  const { t } = useTranslation();
  const [number, setNumber] = useState(numbers[0] ?? 0);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label={label}
        value={number}
        onChange={(event) => setNumber(Number(event.target.value))}
        sx={{ minWidth: 220 }}
      >
        {numbers.map((value) => {
          const name = nameOf(value);
          return (
            <MenuItem key={value} value={value}>
              {name ? t('programming.numberAndName', { number: value, name }) : String(value)}
            </MenuItem>
          );
        })}
      </TextField>
      <Button variant="outlined" onClick={() => onPick(number)}>
        {buttonLabel}
      </Button>
    </Stack>
  );
}
