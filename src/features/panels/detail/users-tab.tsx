import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { PanelUser } from '@generated/api/types.gen.ts';
import type { PanelLogin } from '../../../lib/session/panel-logins.ts';
import { INSTALLER_USER_NO, MASTER_USER_NO, panelAuthority } from '../../../lib/panels/panel-authority.ts';
import { usePanelUsers } from './api/panel-detail-queries.ts';
import { UserDeleteDialog } from './user-delete-dialog.tsx';
import { UserPasswordDialog } from './user-password-dialog.tsx';
import { RecordTable } from './record-table.tsx';
import { NAME_CELL_SX } from './table-style.ts';

/** Users above 1 (not the installer entry, not the master) are the ones a manager deletes or re-passwords. */
export const isManagedUser = (userNo: number): boolean => userNo > MASTER_USER_NO;

/**
 * The Users tab (spec 1 §2, §6): the users stored in the panel. User 0 (the installer entry) is listed only for
 * the installer; with the manage authority the users above 1 can be deleted and given a new password.
 */
export function UsersTab({ devId, login }: { devId: number; login: PanelLogin }) {
  const { t } = useTranslation();
  const users = usePanelUsers(devId);
  const authority = panelAuthority(login);
  const [deleting, setDeleting] = useState<PanelUser>();
  const [changing, setChanging] = useState<PanelUser>();
  const rows = (users.data?.data ?? []).filter((user) => user.user_no !== INSTALLER_USER_NO || authority.installer);
  const roleOf = (userNo: number) =>
    userNo === INSTALLER_USER_NO
      ? t('panelDetail.users.installer')
      : userNo === MASTER_USER_NO
        ? t('panelDetail.users.master')
        : '';

  return (
    <RecordTable
      query={users}
      isEmpty={rows.length === 0}
      label={t('panelDetail.tabs.users')}
      errorText={t('panelDetail.users.loadError')}
      emptyText={t('panelDetail.users.empty')}
      actions
      rows={rows.map((user) => (
        <TableRow key={user.user_no} data-testid={`panel-user-${user.user_no}`}>
          <TableCell>{user.user_no}</TableCell>
          <TableCell sx={NAME_CELL_SX}>
            {user.name}
            {roleOf(user.user_no) ? (
              <Box component="span" sx={{ color: 'text.secondary' }}>{` · ${roleOf(user.user_no)}`}</Box>
            ) : null}
          </TableCell>
          <TableCell>
            {authority.manage && isManagedUser(user.user_no) ? (
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Button
                  size="small"
                  onClick={() => setChanging(user)}
                  aria-label={t('panelDetail.users.changePasswordOf', { name: user.name })}
                >
                  {t('panelDetail.users.changePassword')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setDeleting(user)}
                  aria-label={t('panelDetail.users.deleteOf', { name: user.name })}
                >
                  {t('panelDetail.users.delete')}
                </Button>
              </Stack>
            ) : null}
          </TableCell>
        </TableRow>
      ))}
    >
      <UserDeleteDialog devId={devId} login={login} user={deleting} onClose={() => setDeleting(undefined)} />
      <UserPasswordDialog devId={devId} user={changing} onClose={() => setChanging(undefined)} />
    </RecordTable>
  );
}
