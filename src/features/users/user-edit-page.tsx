/**
 * `/User/$id/Edit` (spec 1 §2 "Also seen"): editing a given user, opened from the user list. The contract has no
 * call that reads or saves another user's account (`getuserdetail` and `updateregister` are the signed-in user's
 * own), so the page says so plainly and shows the user as the list last showed them, every control disabled. The
 * signed-in user's own row leads to the profile page, where editing works.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '../../lib/routing/paths.ts';
import type { idParams } from '../../lib/routing/route-params.ts';
import { useRouteParams } from '../../lib/routing/use-route-params.ts';
import { useClaims } from '../../lib/session/use-claims.ts';
import { useListedUser } from './api/listed-user.ts';
import { UnsavableUserForm } from './unsavable-user-form.tsx';
import { UsersFrame } from './users-frame.tsx';

export function UserEditPage() {
  const { t } = useTranslation();
  const { id: userId } = useRouteParams<typeof idParams>();
  const claims = useClaims();
  const listed = useListedUser(userId);
  const noteId = useId();
  const title = t('users.edit.title');

  let content;
  if (userId === undefined) content = <Alert severity="warning">{t('users.edit.invalid')}</Alert>;
  else if (userId === claims?.user_id) {
    content = (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={paths.profile} color="inherit">
            {t('users.edit.ownLink')}
          </Button>
        }
      >
        {t('users.edit.own')}
      </Alert>
    );
  } else {
    content = (
      <>
        <Alert severity="warning" id={noteId}>
          {t('users.edit.unavailable')}
        </Alert>
        {listed ? (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('users.edit.fromList')}
            </Typography>
            <UnsavableUserForm user={listed} noteId={noteId} label={title} />
          </>
        ) : (
          <Alert severity="info">{t('users.edit.notLoaded')}</Alert>
        )}
      </>
    );
  }

  return (
    <UsersFrame title={title} underList maxWidth={720}>
      <Stack spacing={2}>
        {content}
        <Link component={RouterLink} to={paths.users}>
          {t('users.edit.back')}
        </Link>
      </Stack>
    </UsersFrame>
  );
}
