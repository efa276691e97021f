/**
 * `/User/Add` (spec 1 §2: the user list's add button leads here). The contract has no call that creates an account
 * for someone else (`POST /register` is a person's own sign-up from the sign-in page, which they then verify with a
 * code sent to them), so the page says so plainly and shows the form disabled: nothing pretends to save.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { paths } from '../../lib/routing/paths.ts';
import { UnsavableUserForm } from './unsavable-user-form.tsx';
import { UsersFrame } from './users-frame.tsx';

export function UserAddPage() {
  const { t } = useTranslation();
  const noteId = useId();
  const title = t('users.list.add');
  return (
    <UsersFrame title={title} underList maxWidth={720}>
      <Stack spacing={2}>
        <Alert severity="warning" id={noteId}>
          {t('users.addUnavailable')}
        </Alert>
        <UnsavableUserForm noteId={noteId} label={title} />
        <Link component={RouterLink} to={paths.users}>
          {t('users.edit.back')}
        </Link>
      </Stack>
    </UsersFrame>
  );
}
