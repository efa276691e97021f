/**
 * `/User/Add` (spec 1 §2: the user list's add button leads here): an administrator or a dealer creates an account for
 * someone else through the proposed `POST /user/adduser`. A dealer's users carry the dealer's own code (read from
 * their profile) and a type up to their own. Once the account is created (the success toast of every user action),
 * its one-time password is shown once (copy, valid until, to be changed at the first sign-in); then the user list
 * opens searched for its e-mail address, so the person sees the new row at once and can open it.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { getUserDetailOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import type { OneTimePassword, User } from '@generated/api/types.gen.ts';
import { FormDialog } from '../../shared/dialogs/form-dialog.tsx';
import { paths } from '../../lib/routing/paths.ts';
import { isAdmin, USER_TYPE } from '../../lib/session/user-type.ts';
import { useClaims } from '../../lib/session/use-claims.ts';
import { QueryState } from '../../shared/page/page.tsx';
import { emailTakenBy, useAddUser } from './api/user-saves.ts';
import { viewerOf } from './user-actions-model.ts';
import { UserForm } from './user-form.tsx';
import { addUserBody, addUserRules, assignableTypes } from './user-form-rules.ts';
import { OneTimePasswordView } from './one-time-password-view.tsx';
import { UsersFrame } from './users-frame.tsx';

export function UserAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = viewerOf(useClaims());
  const admin = isAdmin(viewer.UserType);
  // A dealer's own code is on their profile (the token does not carry it).
  const own = useQuery({ ...getUserDetailOptions(), enabled: !admin });
  const toList = (user: User) => void navigate({ to: paths.users, search: { search: user.email } });
  // The new account's one-time password is shown once, then the list opens on the account.
  const [created, setCreated] = useState<{ user: User; password: OneTimePassword }>();
  const add = useAddUser((user, result) =>
    result.one_time_password ? setCreated({ user, password: result.one_time_password }) : toList(user),
  );
  const types = useMemo(() => assignableTypes(viewer.UserType), [viewer.UserType]);
  const title = t('users.list.add');
  const dealerCode = own.data?.data.Dealercode ?? '';

  return (
    <UsersFrame title={title} underList maxWidth={720}>
      <Stack spacing={2}>
        <QueryState
          isPending={!admin && own.isPending}
          isError={!admin && own.isError}
          errorText={t('account.profile.loadError')}
          onRetry={() => void own.refetch()}
        >
          <UserForm
            key={dealerCode}
            label={title}
            rules={addUserRules}
            initial={{ name: '', email: '', phone: '', dealercode: admin ? '' : dealerCode }}
            initialType={USER_TYPE.user}
            types={types}
            ownDealerCode={!admin}
            submitLabel={t('users.add.submit')}
            pending={add.isPending}
            onSubmit={(values, type) => add.mutate({ body: addUserBody(values, type) })}
            takenEmail={emailTakenBy(add)}
          >
            <Alert severity="info">{t('users.add.note')}</Alert>
          </UserForm>
        </QueryState>
        <Link component={RouterLink} to={paths.users}>
          {t('users.edit.back')}
        </Link>
      </Stack>
      <FormDialog open={created !== undefined} onClose={() => created && toList(created.user)}>
        {created ? (
          <OneTimePasswordView
            name={created.user.name}
            password={created.password}
            onDone={() => toList(created.user)}
          />
        ) : null}
      </FormDialog>
    </UsersFrame>
  );
}
