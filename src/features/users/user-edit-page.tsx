/**
 * `/User/$id/Edit` (spec 1 §2 "Also seen"): a given user, opened from the user list or by its address (a reload
 * too). The account is read by its id (the proposed `GET /user/getuserdetail/{id}`) and saved with the proposed
 * `PUT /user/updateuser`; its subscriptions are listed below the form. After a save (the success toast of every user
 * action) the page stays on the saved account, whose values the form then holds, and the user list is read again,
 * so the way back shows it too. An id outside the signed-in user's reach is "not found", as the server answers it;
 * the signed-in user's own row leads to the profile page, and an account of a type above theirs is shown, not
 * editable.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { User } from '@generated/api/types.gen.ts';
import { paths } from '../../lib/routing/paths.ts';
import type { idParams } from '../../lib/routing/route-params.ts';
import { useRouteParams } from '../../lib/routing/use-route-params.ts';
import { useClaims } from '../../lib/session/use-claims.ts';
import { QueryState } from '../../shared/page/page.tsx';
import { isNotFound, useUserRecord } from './api/user-record.ts';
import { emailTakenBy, useUpdateUser } from './api/user-saves.ts';
import { viewerOf, type Viewer } from './user-actions-model.ts';
import { SubscriptionList } from './subscription-list.tsx';
import { UserForm } from './user-form.tsx';
import {
  accountValuesOf,
  assignableTypes,
  editLock,
  isUnchanged,
  updateUserBody,
  updateUserRules,
} from './user-form-rules.ts';
import { UsersFrame } from './users-frame.tsx';

export function UserEditPage() {
  const { t } = useTranslation();
  const { id: userId } = useRouteParams<typeof idParams>();
  const viewer = viewerOf(useClaims());
  const record = useUserRecord(userId);
  const title = t('users.edit.title');

  let content;
  if (userId === undefined) content = <Alert severity="warning">{t('users.edit.invalid')}</Alert>;
  else if (record.isError && isNotFound(record.error)) {
    content = <Alert severity="warning">{t('users.edit.notFound')}</Alert>;
  } else {
    const user = record.data?.data;
    content = (
      <QueryState
        isPending={record.isPending}
        isError={record.isError}
        errorText={t('users.edit.loadError')}
        onRetry={() => void record.refetch()}
      >
        {user ? <EditUser key={user.id} user={user} viewer={viewer} title={title} /> : null}
      </QueryState>
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

function EditUser({ user, viewer, title }: { user: User; viewer: Viewer; title: string }) {
  const { t } = useTranslation();
  const save = useUpdateUser();
  const lock = editLock(viewer, user);
  const headingId = useId();
  if (lock === 'own') {
    return (
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
  }
  return (
    <>
      <UserForm
        label={title}
        rules={updateUserRules}
        initial={accountValuesOf(user)}
        initialType={user.user_type}
        types={assignableTypes(viewer.UserType)}
        ownDealerCode={viewer.UserType < 2}
        locked={lock === 'typeAbove'}
        isChanged={(values, type) => !isUnchanged(user, values, type)}
        submitLabel={t('users.edit.save')}
        pending={save.isPending}
        onSubmit={(values, type) => save.mutate({ body: updateUserBody(user.id, values, type) })}
        takenEmail={emailTakenBy(save)}
      >
        {lock === 'typeAbove' ? <Alert severity="info">{t('users.edit.typeAbove')}</Alert> : null}
      </UserForm>
      <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} component="h2" variant="h6">
          {t('users.edit.subscriptions')}
        </Typography>
        <SubscriptionList subscriptions={user.subscribes} />
      </Paper>
    </>
  );
}
