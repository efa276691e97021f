/**
 * The filter dialog (spec 1 "Generic tables"): per field a checkbox that turns it on and its input (text, date or
 * select). Entering a value turns the field on. Apply (or Enter) puts the fields that are on in force, as the call's
 * query parameters and in the URL; a field that is on without a valid value says so and nothing is applied.
 * This file loads when the dialog first opens (the date picker is about 50 kB gzip), not with the list.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, trTR } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import { FilterInput, INVALID_DATE } from './filter-input.tsx';
import { draftOf, valuesOfDraft, type FilterDraft, type FilterField, type FilterValues } from './filters.ts';

/** The date picker's own texts (open the calendar, month names' fields …) in the interface language; English else. */
const pickerTexts = (language: string) =>
  (language.split('-')[0] === 'tr' ? trTR : enUS).components.MuiLocalizationProvider.defaultProps.localeText;

export interface FilterDialogProps {
  open: boolean;
  fields: readonly FilterField[];
  values: FilterValues;
  onApply: (values: FilterValues) => void;
  onClose: () => void;
}

export function FilterDialog({ open, fields, values, onApply, onClose }: FilterDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(fields, values));
  const [checked, setChecked] = useState(false);
  const { values: next, invalid } = valuesOfDraft(fields, draft);

  const update = (id: string, entry: Partial<FilterDraft[string]>) =>
    setDraft((current) => ({ ...current, [id]: { enabled: false, value: '', ...current[id], ...entry } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid.length > 0) {
      setChecked(true);
      return;
    }
    onApply(next);
  };

  const errorOf = (field: FilterField): string | undefined => {
    if (!checked || !invalid.includes(field.id)) return undefined;
    return field.kind === 'date' && draft[field.id]?.value === INVALID_DATE
      ? t('table.filters.invalidDate')
      : t('table.filters.required');
  };

  return (
    // The pickers' language is the interface's: dayjs follows it (src/lib/i18n/dayjs-locale.ts), and their own texts
    // come with this chunk, so a list page needs no MuiXLocalization around its table.
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={dayjs.locale()}
      localeText={pickerTexts(i18n.language)}
    >
      <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>{t('table.filters.title')}</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2}>
              {fields.map((field) => {
                const entry = draft[field.id] ?? { enabled: false, value: '' };
                return (
                  <Stack key={field.id} direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
                    <Checkbox
                      checked={entry.enabled}
                      onChange={(event) => update(field.id, { enabled: event.target.checked })}
                      slotProps={{ input: { 'aria-label': t('table.filters.enable', { field: field.label }) } }}
                      sx={{ mt: 0.25 }}
                    />
                    <FilterInput
                      field={field}
                      value={entry.value}
                      error={errorOf(field)}
                      onChange={(value) => update(field.id, { value, enabled: value !== '' || entry.enabled })}
                    />
                  </Stack>
                );
              })}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap' }}>
            <Button onClick={() => onApply({})} sx={{ mr: 'auto' }}>
              {t('table.filters.clear')}
            </Button>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('table.apply')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </LocalizationProvider>
  );
}
