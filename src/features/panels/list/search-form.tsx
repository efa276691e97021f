import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import SearchIcon from '@mui/icons-material/Search';
import { cleanSearchText } from './search-text.ts';

/**
 * The keyword search (spec 1 §2, §5): it runs on Enter, with special characters stripped; an empty keyword shows the
 * default list again. Built from the input parts (no TextField) to keep the page's first paint small.
 */
export function SearchForm({ pending, onSearch }: { pending: boolean; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = cleanSearchText(value);
    setValue(text);
    onSearch(text);
  };
  return (
    <Stack
      component="form"
      role="search"
      onSubmit={submit}
      direction="row"
      sx={{ flex: '1 1 16rem', minWidth: 0, alignItems: 'flex-start', gap: 0.5 }}
    >
      <FormControl fullWidth size="small" variant="outlined">
        <InputLabel htmlFor={id}>{t('panels.list.search.label')}</InputLabel>
        <OutlinedInput
          id={id}
          type="search"
          label={t('panels.list.search.label')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          inputProps={{ 'aria-describedby': `${id}-hint`, enterKeyHint: 'search' }}
        />
        <FormHelperText id={`${id}-hint`}>{t('panels.list.search.hint')}</FormHelperText>
      </FormControl>
      <IconButton type="submit" aria-label={t('panels.list.search.submit')} loading={pending}>
        <SearchIcon />
      </IconButton>
    </Stack>
  );
}
