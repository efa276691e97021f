/**
 * The user list's search box: the contract's `search` parameter, sent when Enter is pressed (or the search button);
 * an empty search shows every user. It writes the same filter as the filter dialog's field, so both stay in step
 * (the page keys the box by the search in force, so a filter removed from the chips above the table empties it).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { USER_SEARCH_MAX_LENGTH } from './api/user-list.ts';

export interface UserSearchBoxProps {
  /** The search in force ('' for none). */
  value: string;
  onSearch: (text: string) => void;
}

export function UserSearchBox({ value, onSearch }: UserSearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ flex: '1 1 220px', maxWidth: 360 }}>
      <TextField
        size="small"
        fullWidth
        label={t('users.list.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{
          htmlInput: { maxLength: USER_SEARCH_MAX_LENGTH, enterKeyHint: 'search' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton size="small" type="submit" edge="end" aria-label={t('users.list.searchSubmit')}>
                  <SearchIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
