/**
 * `/Panels/:dev_id/Users` (menu level 1, spec 1 §2 "Panel users list"): the accounts linked to one panel, with the
 * columns desc, panel_active, name, email, Phonenumber, Dealercode, user_type and active, and the mobile reset of
 * an account, which is absent when the signed-in token's OldUserId is above 0. Breadcrumb: panel management > the
 * panel > users. Page and size live in the URL.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import type { PanelAccount, PanelAccountUser, PanelListAll } from '@generated/api/types.gen.ts';
import { paths } from '../../lib/routing/paths.ts';
import { useClaims } from '../../lib/session/use-claims.ts';
import { columnsOf, type TableColumn } from '../../shared/table/columns.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { useTableUrlState } from '../../shared/table/use-table-state.ts';
import { panelAccountsQuery } from './api/panel-accounts.ts';
import { panelListKey } from './api/panel-list.ts';
import type { devIdParams } from '../../lib/routing/route-params.ts';
import { useRouteParams } from '../../lib/routing/use-route-params.ts';
import { offersMobileReset, viewerOf } from './manage-access.ts';
import { ManageFrame } from './manage-frame.tsx';
import { MobileResetDialog } from './mobile-reset-dialog.tsx';
import { USER_TYPE_LABELS } from '../../lib/session/user-type.ts';

const column = columnsOf<PanelAccount>();
const rowId = (account: PanelAccount) => account.User.id;

export function PanelUsersPage() {
  const { t } = useTranslation();
  const { devId } = useRouteParams<typeof devIdParams>();
  if (devId === undefined) {
    return (
      <ManageFrame title={t('panelManage.actions.users')} trail={[]}>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('panelManage.users.invalid')}
        </Alert>
        <Button component={RouterLink} to={paths.panelManage}>
          {t('panelManage.users.back')}
        </Button>
      </ManageFrame>
    );
  }
  return <PanelUsers key={devId} devId={devId} />;
}

function PanelUsers({ devId }: { devId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const claims = useClaims();
  const viewer = useMemo(() => viewerOf(claims), [claims]);
  const [resetting, setResetting] = useState<PanelAccountUser>();
  const [open, setOpen] = useState(false);
  // The panel's name as the management list read it (the contract has no call for one panel's record here).
  const [description] = useState(
    () =>
      queryClient.getQueryData<PanelListAll>(panelListKey())?.data.find((panel) => panel.dev_id === devId)?.description,
  );
  const panelName = description ? `${description} (${devId})` : String(devId);

  const askReset = useCallback((user: PanelAccountUser) => {
    setResetting(user);
    setOpen(true);
  }, []);
  const mobileReset = offersMobileReset(viewer);
  const columns = useMemo(() => {
    const list: TableColumn<PanelAccount>[] = [
      column.custom('desc', {
        header: t('panelManage.users.columns.desc'),
        minWidth: 160,
        value: (row) => row.Upaneldesc,
      }),
      column.custom('panel_active', {
        header: t('panelManage.users.columns.panelActive'),
        minWidth: 110,
        value: (row) => row.Active,
      }),
      column.custom('name', {
        header: t('panelManage.users.columns.name'),
        hideable: false,
        minWidth: 150,
        value: (row) => row.User.name,
      }),
      column.custom('email', {
        header: t('panelManage.users.columns.email'),
        minWidth: 200,
        value: (row) => row.User.email,
      }),
      column.custom('Phonenumber', {
        header: t('panelManage.users.columns.phone'),
        minWidth: 140,
        value: (row) => row.User.Phonenumber,
      }),
      column.custom('Dealercode', {
        header: t('panelManage.users.columns.dealerCode'),
        minWidth: 110,
        value: (row) => row.User.Dealercode,
      }),
      column.custom('user_type', {
        header: t('panelManage.users.columns.type'),
        minWidth: 120,
        value: (row) => t(USER_TYPE_LABELS[row.User.user_type]),
      }),
      column.custom('active', {
        header: t('panelManage.users.columns.active'),
        minWidth: 90,
        value: (row) => row.User.active,
      }),
    ];
    if (mobileReset) {
      list.push(
        column.custom('actions', {
          header: t('panelManage.columns.actions'),
          width: 100,
          minWidth: 100,
          align: 'center',
          render: (row) => <MobileResetButton user={row.User} onClick={askReset} />,
        }),
      );
    }
    return list;
  }, [t, mobileReset, askReset]);
  const query = useMemo(() => panelAccountsQuery(devId), [devId]);
  const state = useTableUrlState();

  return (
    <ManageFrame
      title={t('panelManage.users.title', { name: panelName })}
      trail={[panelName]}
      current={t('panelManage.actions.users')}
    >
      <DataTable
        id="panel-users"
        label={t('panelManage.users.title', { name: panelName })}
        columns={columns}
        getRowId={rowId}
        query={query}
        state={state}
        emptyText={t('panelManage.users.empty')}
      />
      {mobileReset ? <MobileResetDialog user={resetting} open={open} onClose={() => setOpen(false)} /> : null}
    </ManageFrame>
  );
}

function MobileResetButton({ user, onClick }: { user: PanelAccountUser; onClick: (user: PanelAccountUser) => void }) {
  const { t } = useTranslation();
  const label = t('panelManage.users.mobileReset.action', { name: user.name });
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} aria-haspopup="dialog" size="small" onClick={() => onClick(user)}>
        <PhonelinkEraseIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
