/**
 * `/Users` and `/User/List` (menu level 1, spec 1 §2 "User list"): breadcrumb users > user list, the paged table of
 * users (name, email, Phonenumber, Dealercode, user_type, active, actions) with the contract's search, the row
 * actions behind a confirmation (move subscriptions behind the choice of the receiving user), and an add button
 * leading to /User/Add. A row opens the user's edit page from its menu's Edit (a phone has no double click), on double
 * click or Enter (a line under the table says so). Page, size and search live in the URL; the column layout is remembered on this browser.
 */
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import type { User } from '@generated/api/types.gen.ts';
import { paths } from '../../lib/routing/paths.ts';
import { useClaims } from '../../lib/session/use-claims.ts';
import { columnsOf } from '../../shared/table/columns.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { useRowActions } from '../../shared/table/use-row-actions.ts';
import { useTableUrlState } from '../../shared/table/use-table-state.ts';
import { userListFilters, userListQuery } from './api/user-list.ts';
import { UserActionDialog } from './user-action-dialog.tsx';
import { RowActionsButton, rowActionsStyles } from '../../shared/table/row-actions-button.tsx';
import { UserActionsMenu } from './user-actions-menu.tsx';
import { isChange, viewerOf, type UserAction } from './user-actions-model.ts';
import { USER_TYPE_LABELS } from '../../lib/session/user-type.ts';
import { UserSearchBox } from './user-search-box.tsx';
import { UsersFrame } from './users-frame.tsx';

// The move dialog, with its user picker (MUI's Autocomplete), loads when first opened.
const MoveSubscriptionsDialog = lazy(() =>
  import('./move-subscriptions-dialog.tsx').then((module) => ({ default: module.MoveSubscriptionsDialog })),
);

const column = columnsOf<User>();
const rowId = (user: User) => user.id;

export function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const claims = useClaims();
  const viewer = useMemo(() => viewerOf(claims), [claims]);
  // The action asked for (`chosen`) is kept while its dialog closes, so its text does not vanish mid-transition.
  const { menu, openMenu, closeMenu, close, open, chosen } = useRowActions<User, UserAction>();
  const confirming = chosen && isChange(chosen.action) ? { ...chosen, action: chosen.action } : undefined;
  const moving = chosen?.action === 'moveSubscriptions' ? chosen : undefined;

  const filters = useMemo(() => userListFilters(t('users.list.searchSubmit')), [t]);
  const columns = useMemo(
    () => [
      column.field('name', { header: t('users.list.columns.name'), hideable: false, minWidth: 160 }),
      column.field('email', { header: t('users.list.columns.email'), minWidth: 200, flex: 1.5 }),
      column.field('Phonenumber', { header: t('users.list.columns.phone'), minWidth: 140 }),
      column.field('Dealercode', { header: t('users.list.columns.dealerCode'), minWidth: 110 }),
      column.field('user_type', {
        header: t('users.list.columns.type'),
        minWidth: 120,
        format: (type) => t(USER_TYPE_LABELS[type]),
      }),
      column.field('active', { header: t('users.list.columns.active'), minWidth: 90, width: 100 }),
      column.custom('actions', {
        header: t('users.list.columns.actions'),
        width: 100,
        minWidth: 100,
        align: 'center',
        render: (user) => (
          <RowActionsButton
            label={t('users.actions.menu', { name: user.name })}
            onOpen={(anchor) => openMenu(anchor, user)}
          />
        ),
      }),
    ],
    [t, openMenu],
  );
  const state = useTableUrlState(filters);
  const search = state.state.filters.search ?? '';
  const { change } = state;
  // The search is the list's only filter (the contract's one query parameter besides paging).
  const onSearch = useCallback((text: string) => change({ filters: text ? { search: text } : {} }), [change]);

  return (
    <UsersFrame title={t('users.list.title')}>
      <Box sx={rowActionsStyles}>
        <DataTable
          id="users"
          label={t('menu.users')}
          columns={columns}
          filters={filters}
          getRowId={rowId}
          query={userListQuery}
          state={state}
          emptyText={t('users.list.empty')}
          onOpen={(user) => void navigate({ to: paths.userEdit(user.id) })}
          actions={
            <>
              <Button component={RouterLink} to={paths.userAdd} variant="contained" startIcon={<PersonAddIcon />}>
                {t('users.list.add')}
              </Button>
              <UserSearchBox key={search} value={search} onSearch={onSearch} />
            </>
          }
        />
      </Box>
      <UserActionsMenu
        target={menu}
        viewer={viewer}
        onChoose={(action, user) => {
          if (action !== 'edit') return open(action, user);
          closeMenu();
          void navigate({ to: paths.userEdit(user.id) });
        }}
        onClose={closeMenu}
      />
      <UserActionDialog
        pending={confirming?.row && { change: confirming.action, user: confirming.row }}
        open={confirming?.open ?? false}
        onClose={close}
      />
      {moving ? (
        <Suspense fallback={null}>
          <MoveSubscriptionsDialog user={moving.row} open={moving.open} onClose={close} />
        </Suspense>
      ) : null}
    </UsersFrame>
  );
}
