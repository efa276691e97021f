/**
 * The user form of the add and edit pages, shown but not usable: the contract has no call to create another user's
 * account or to read and save it (openapi/README.md, "Spec gaps"). Every field and the save button are disabled,
 * and the save button points at the note that says why, so nothing ever pretends to save.
 */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { User } from '@generated/api/types.gen.ts';
import { USER_TYPE_LABELS } from '../../lib/session/user-type.ts';

export interface UnsavableUserFormProps {
  /** The user as the list showed them; empty fields without one (the add page). */
  user?: User;
  /** Id of the note that says why nothing can be saved. */
  noteId: string;
  label: string;
}

export function UnsavableUserForm({ user, noteId, label }: UnsavableUserFormProps) {
  const { t } = useTranslation();
  const field = (name: string, value: string | undefined) => (
    <TextField
      label={name}
      value={value ?? ''}
      disabled
      fullWidth
      slotProps={{ htmlInput: { 'aria-describedby': noteId } }}
    />
  );
  return (
    <Paper
      component="form"
      aria-label={label}
      noValidate
      sx={{ p: { xs: 2, sm: 3 } }}
      onSubmit={(event) => event.preventDefault()}
    >
      <Stack spacing={2}>
        {field(t('users.list.columns.name'), user?.name)}
        {field(t('users.list.columns.email'), user?.email)}
        {field(t('users.list.columns.phone'), user?.Phonenumber)}
        {field(t('users.list.columns.dealerCode'), user?.Dealercode)}
        {field(t('users.list.columns.type'), user ? t(USER_TYPE_LABELS[user.user_type]) : undefined)}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled aria-describedby={noteId}>
            {t('common.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
