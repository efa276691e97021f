/**
 * `/PanelTest/$id/Stages` (level 2, spec 2 §2, §3): the test stages of model `$id` in test order, with add, update
 * and delete (asked first). The list reloads after each change. An id that is not a model's says so, with the way
 * back.
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { TestStage } from '@generated/api/types.gen.ts';
import { getFirmwareTestStageListOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { columnsOf } from '../../shared/table/columns.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { RowActionsButton, rowActionsStyles } from '../../shared/table/row-actions-button.tsx';
import { RowActionsMenu, type RowAction } from '../../shared/table/row-actions-menu.tsx';
import { useRowActions } from '../../shared/table/use-row-actions.ts';
import { useTableUrlState } from '../../shared/table/use-table-state.ts';
import { wholeListQuery } from '../../shared/table/whole-list.ts';
import { paths } from '../../lib/routing/paths.ts';
import type { idParams } from '../../lib/routing/route-params.ts';
import { useRouteParams } from '../../lib/routing/use-route-params.ts';
import { useDeleteStage } from './api/firmware-changes.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { ModelPage } from './model-page.tsx';
import { StageDialog } from './stage-dialog.tsx';

const column = columnsOf<TestStage>();
const rowId = (stage: TestStage) => stage.id;
type StageAction = 'edit' | 'delete';

export function StagesPage() {
  const { id } = useRouteParams<typeof idParams>();
  return (
    <ModelPage modelId={id} titleKey="firmwareTests.stages.title" fallbackTitleKey="firmwareTests.stages.titleFallback">
      {({ modelId, modelName }) => <StagesTable modelId={modelId} modelName={modelName} />}
    </ModelPage>
  );
}

function StagesTable({ modelId, modelName }: { modelId: number; modelName: string }) {
  const { t } = useTranslation();
  const { menuRow, openMenu, menuProps, open, close, isOpen, rowFor } = useRowActions<TestStage, StageAction>();
  const editing = rowFor('edit');
  const deleting = rowFor('delete');
  const remove = useDeleteStage(modelId, deleting?.description ?? '');
  const whole = useMemo(() => getFirmwareTestStageListOptions({ path: { id: modelId } }), [modelId]);
  const query = useMemo(() => wholeListQuery(whole), [whole]);
  // The same call as the table's (one read, shared): a stage's place in the test, whatever page shows it.
  const { data: all } = useQuery(whole);
  const orders = useMemo(() => new Map(all?.data.map((stage, index) => [stage.id, index + 1])), [all]);
  const orderOf = useCallback((stage: TestStage) => orders.get(stage.id) ?? 0, [orders]);
  const state = useTableUrlState();
  const columns = useMemo(
    () => [
      column.custom('actions', {
        header: t('firmwareTests.columns.actions'),
        width: 90,
        minWidth: 90,
        align: 'center',
        hideable: false,
        render: (stage) => (
          <RowActionsButton
            label={t('firmwareTests.stages.actionsLabel', { order: orderOf(stage), stage: stage.description })}
            onOpen={(anchor) => openMenu(anchor, stage)}
          />
        ),
      }),
      column.custom('order', { header: t('firmwareTests.stages.order'), width: 90, minWidth: 90, value: orderOf }),
      column.field('description', {
        header: t('firmwareTests.stages.description'),
        flex: 1,
        minWidth: 220,
        hideable: false,
      }),
    ],
    [t, orderOf, openMenu],
  );
  const actions = useMemo<RowAction<StageAction>[]>(
    () => [
      { action: 'edit', label: t('firmwareTests.stages.update'), icon: <EditIcon fontSize="small" /> },
      { action: 'delete', label: t('firmwareTests.delete'), icon: <DeleteIcon fontSize="small" /> },
    ],
    [t],
  );
  return (
    <>
      <Box sx={rowActionsStyles}>
        <DataTable
          id="firmware-stages"
          label={t('firmwareTests.stages.table', { model: modelName })}
          columns={columns}
          getRowId={rowId}
          query={query}
          state={state}
          emptyText={t('firmwareTests.stages.empty')}
          onOpen={(stage) => open('edit', stage)}
          actions={
            <Button startIcon={<AddIcon />} variant="contained" onClick={() => open('edit')}>
              {t('firmwareTests.stages.add')}
            </Button>
          }
        />
      </Box>
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to={paths.panelTestVersions(modelId)}>
          {t('firmwareTests.models.versionsOf', { model: modelName })}
        </Link>
      </Box>
      <RowActionsMenu
        {...menuProps}
        label={
          menuRow ? t('firmwareTests.stages.actionsLabel', { order: orderOf(menuRow), stage: menuRow.description }) : ''
        }
        actions={actions}
      />
      <StageDialog
        open={isOpen('edit')}
        modelId={modelId}
        modelName={modelName}
        stage={editing ? { stage: editing, order: orderOf(editing) } : undefined}
        onClose={close}
      />
      <ConfirmDeleteDialog
        open={isOpen('delete')}
        title={t('firmwareTests.stages.deleteTitle', { order: deleting ? orderOf(deleting) : '' })}
        text={t('firmwareTests.stages.deleteText', { stage: deleting?.description ?? '', model: modelName })}
        pending={remove.pending}
        onConfirm={() => deleting && remove.remove(deleting.id, close)}
        onClose={close}
      />
    </>
  );
}
