/**
 * `/PanelManage` (menu level 1, spec 1 §2 "Panel management list"): the table of every panel (dev_id, description,
 * firm_ver, model, add_time, last_event_time in DD.MM.YYYY HH:mm, actions) with a search, the row actions (users,
 * copy to another user, set active, set passive) and the header's panel reset. A row opens the panel's users page
 * (`/Panels/{dev_id}/Users`, the detail the route table gives this list) on double click or Enter. Page, size and
 * search live in the URL; the column layout is remembered on this browser.
 */
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import type { PanelListRow } from '@generated/api/types.gen.ts';
import { paths } from '../../lib/routing/paths.ts';
import { useClaims } from '../../lib/session/use-claims.ts';
import { columnsOf } from '../../shared/table/columns.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { useTableUrlState } from '../../shared/table/use-table-state.ts';
import { panelListFilters, panelListQuery } from './api/panel-list.ts';
import { canResetPanel, viewerOf, type PanelAction } from './manage-access.ts';
import { ManageFrame } from './manage-frame.tsx';
import { actionsLabelKey, PanelActionsMenu, type ActionsTarget } from './panel-actions-menu.tsx';
import { firmwareOf, lastEventOf, modelOf, toDate } from './panel-rows.ts';
import { PanelStateDialog, type PendingState } from './panel-state-dialog.tsx';
import { ResetPanelButton } from './reset-panel-button.tsx';
import { RowActionsButton, rowActionsStyles } from '../../shared/table/row-actions-button.tsx';

// The dialogs with a picker (MUI's Autocomplete) load when first opened.
const MovePanelDialog = lazy(() =>
  import('./move-panel-dialog.tsx').then((module) => ({ default: module.MovePanelDialog })),
);
const ResetPanelDialog = lazy(() =>
  import('./reset-panel-dialog.tsx').then((module) => ({ default: module.ResetPanelDialog })),
);

const column = columnsOf<PanelListRow>();
const rowId = (panel: PanelListRow) => panel.id;

type OpenDialog = 'state' | 'move' | 'reset';

export function PanelManagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const claims = useClaims();
  const viewer = useMemo(() => viewerOf(claims), [claims]);
  const [menu, setMenu] = useState<ActionsTarget>();
  const [dialog, setDialog] = useState<OpenDialog>();
  // What the last dialog was about, kept while it closes.
  const [stateChange, setStateChange] = useState<PendingState>();
  const [moving, setMoving] = useState<PanelListRow>();
  const [resetAsked, setResetAsked] = useState(false);

  const openUsers = useCallback(
    (panel: PanelListRow) => void navigate({ to: paths.panelUsers(panel.dev_id) }),
    [navigate],
  );
  const choose = useCallback(
    (action: PanelAction, panel: PanelListRow) => {
      if (action === 'users') return openUsers(panel);
      if (action === 'move') {
        setMoving(panel);
        setDialog('move');
        return;
      }
      setStateChange({ action, panel });
      setDialog('state');
    },
    [openUsers],
  );

  const filters = useMemo(() => panelListFilters(t('panelManage.search')), [t]);
  const columns = useMemo(
    () => [
      column.field('dev_id', { header: t('panelManage.columns.devId'), hideable: false, minWidth: 160 }),
      column.field('description', { header: t('panelManage.columns.description'), minWidth: 160 }),
      column.custom('firm_ver', { header: t('panelManage.columns.firmware'), minWidth: 100, value: firmwareOf }),
      column.custom('model', { header: t('panelManage.columns.model'), minWidth: 100, value: modelOf }),
      column.field('add_time', { header: t('panelManage.columns.added'), minWidth: 150, format: toDate }),
      column.custom('last_event_time', {
        header: t('panelManage.columns.lastEvent'),
        minWidth: 150,
        value: (panel) => toDate(lastEventOf(panel)),
      }),
      column.custom('actions', {
        header: t('panelManage.columns.actions'),
        width: 100,
        minWidth: 100,
        align: 'center',
        render: (panel) => (
          <RowActionsButton
            label={t(actionsLabelKey, { name: panel.description, devId: panel.dev_id })}
            onOpen={(anchor) => setMenu({ anchor, panel })}
          />
        ),
      }),
    ],
    [t],
  );
  const state = useTableUrlState(filters);
  const { change } = state;
  const close = useCallback(() => setDialog(undefined), []);
  // After a state change the list starts again from its first row (spec 1 §4: reload from offset 0).
  const stateChanged = useCallback(() => {
    setDialog(undefined);
    change({ page: 1 });
  }, [change]);

  return (
    <ManageFrame title={t('panelManage.title')}>
      <Box sx={rowActionsStyles}>
        <DataTable
          id="panel-manage"
          label={t('panelManage.table')}
          columns={columns}
          filters={filters}
          getRowId={rowId}
          query={panelListQuery}
          state={state}
          emptyText={t('panelManage.empty')}
          onOpen={openUsers}
          actions={
            <ResetPanelButton
              allowed={canResetPanel(viewer)}
              onClick={() => {
                setResetAsked(true);
                setDialog('reset');
              }}
            />
          }
        />
      </Box>
      <PanelActionsMenu target={menu} viewer={viewer} onChoose={choose} onClose={() => setMenu(undefined)} />
      <PanelStateDialog pending={stateChange} open={dialog === 'state'} onClose={close} onDone={stateChanged} />
      <Suspense fallback={null}>
        {moving ? <MovePanelDialog panel={moving} open={dialog === 'move'} onClose={close} /> : null}
        {resetAsked ? <ResetPanelDialog open={dialog === 'reset'} onClose={close} /> : null}
      </Suspense>
    </ManageFrame>
  );
}
