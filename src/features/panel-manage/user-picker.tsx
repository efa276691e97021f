/**
 * The user picker of the copy (move) dialog (spec 1 §2 Modals, §5, §9): a searchable list of up to 1000 users, each
 * shown with its name and email. What is typed narrows the users already listed at once, and after a short pause
 * asks the server (the contract's `search`), so users beyond the first 1000 are found too. Keyboard: type, arrows,
 * Enter; Escape closes the list.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import type { User } from '@generated/api/types.gen.ts';
import { ErrorWithRetry } from '../../shared/page/error-with-retry.tsx';
import { matchesUser, PICKER_SEARCH_MAX_LENGTH, userPickerQuery } from './api/user-picker.ts';
import { useDebounced } from './use-debounced.ts';

/** How long typing pauses before the server is asked. */
const SEARCH_PAUSE_MS = 300;

export interface UserPickerProps {
  value: User | null;
  onChange: (user: User | null) => void;
}

const labelOf = (user: User) => `${user.name} (${user.email})`;

export function UserPicker({ value, onChange }: UserPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [input, setInput] = useState('');
  const asked = useDebounced(search, SEARCH_PAUSE_MS);
  const users = useQuery({ ...userPickerQuery(asked), placeholderData: keepPreviousData });
  const options = users.data?.data ?? [];
  const total = users.data?.list_info.total_count ?? 0;

  if (users.isError && !users.data) {
    return <ErrorWithRetry onRetry={() => void users.refetch()}>{t('panelManage.move.loadFailed')}</ErrorWithRetry>;
  }

  return (
    <Autocomplete<User>
      options={options}
      value={value}
      onChange={(_event, user) => onChange(user)}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        setInput(text);
        // Choosing a user writes its label in the box: that is not a search.
        if (reason === 'input' || reason === 'clear') setSearch(text);
      }}
      filterOptions={(listed, { inputValue }) => listed.filter((user) => matchesUser(user, inputValue))}
      getOptionLabel={labelOf}
      getOptionKey={(user) => user.id}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      // Its loading, no-options, open, close and clear texts come from MUI's language pack (the theme's).
      loading={users.isFetching}
      renderOption={({ key, ...props }, user) => (
        <li key={key} {...props}>
          <ListItemText
            primary={user.name}
            secondary={user.email}
            slotProps={{
              primary: { sx: { overflowWrap: 'anywhere' } },
              secondary: { sx: { overflowWrap: 'anywhere' } },
            }}
          />
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          label={t('panelManage.move.user')}
          helperText={
            users.data && total > options.length
              ? t('panelManage.move.capped', { shown: options.length, total })
              : t('panelManage.move.userHint')
          }
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              maxLength: PICKER_SEARCH_MAX_LENGTH,
            },
          }}
        />
      )}
    />
  );
}
