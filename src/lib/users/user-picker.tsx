/**
 * A user picker (the panel copy dialog, spec 1 §2 Modals, §5, §9; the user list's move-subscriptions dialog): a
 * searchable list of up to 1000 users, each shown with its name and email. What is typed narrows the users already
 * listed at once, and after a short pause asks the server (the contract's `search`), so users beyond the first 1000
 * are found too. Keyboard: type, arrows, Enter; Escape closes the list. A status line under it says who was picked,
 * or that someone must be.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { User } from '@generated/api/types.gen.ts';
import { useDebounced } from '../../shared/form/use-debounced.ts';
import { ErrorWithRetry } from '../../shared/page/error-with-retry.tsx';
import { matchesUser, PICKER_SEARCH_MAX_LENGTH, userPickerQuery } from './user-picker-query.ts';

/** How long typing pauses before the server is asked. */
const SEARCH_PAUSE_MS = 300;

export interface UserPickerProps {
  /** The field's label: who the picked user is (the panel's new user, the subscriptions' receiver). */
  label: string;
  value: User | null;
  onChange: (user: User | null) => void;
  /** A user that may not be picked (the one the subscriptions move from): not offered. */
  excludeId?: number;
  /** What the line under the picker says (a status, read out when it changes): who was picked, or that one must be. */
  status: (picked: User | null) => string;
}

const labelOf = (user: User) => `${user.name} (${user.email})`;

export function UserPicker({ label, value, onChange, excludeId, status }: UserPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [input, setInput] = useState('');
  const asked = useDebounced(search, SEARCH_PAUSE_MS);
  const users = useQuery({ ...userPickerQuery(asked), placeholderData: keepPreviousData });
  const listed = users.data?.data ?? [];
  const options = excludeId === undefined ? listed : listed.filter((user) => user.id !== excludeId);
  const total = users.data?.list_info.total_count ?? 0;

  if (users.isError && !users.data) {
    return <ErrorWithRetry onRetry={() => void users.refetch()}>{t('users.picker.loadFailed')}</ErrorWithRetry>;
  }

  return (
    <>
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
        filterOptions={(shown, { inputValue }) => shown.filter((user) => matchesUser(user, inputValue))}
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
            label={label}
            helperText={
              users.data && total > listed.length
                ? t('users.picker.capped', { shown: listed.length, total })
                : t('users.picker.hint')
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
      <Typography
        role="status"
        variant="body2"
        sx={{ color: value ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}
      >
        {status(value)}
      </Typography>
    </>
  );
}
