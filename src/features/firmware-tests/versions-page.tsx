/**
 * `/PanelTest/$id/Versions` (level 2, spec 2 §2, §3): the firmware versions of model `$id`, with add, edit and
 * delete (asked first). The list reloads after each change. An id that is not a model's says so, with the way back.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { FirmwareVersion } from '@generated/api/types.gen.ts';
import { getFirmwareListOptions } from '@generated/api/@tanstack/react-query.gen.ts';
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
import { useDeleteVersion } from './api/firmware-changes.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { ModelPage } from './model-page.tsx';
import { VersionDialog } from './version-dialog.tsx';

const column = columnsOf<FirmwareVersion>();
const rowId = (version: FirmwareVersion) => version.id;
type VersionAction = 'edit' | 'delete';

export function VersionsPage() {
  const { id } = useRouteParams<typeof idParams>();
  return (
    <ModelPage
      modelId={id}
      titleKey="firmwareTests.versions.title"
      fallbackTitleKey="firmwareTests.versions.titleFallback"
    >
      {({ modelId, modelName }) => <VersionsTable modelId={modelId} modelName={modelName} />}
    </ModelPage>
  );
}

function VersionsTable({ modelId, modelName }: { modelId: number; modelName: string }) {
  const { t } = useTranslation();
  const { menuRow, openMenu, menuProps, open, close, isOpen, rowFor } = useRowActions<FirmwareVersion, VersionAction>();
  const deleting = rowFor('delete');
  const remove = useDeleteVersion(modelId, deleting?.firm_ver ?? '');
  const query = useMemo(() => wholeListQuery(getFirmwareListOptions({ path: { id: modelId } })), [modelId]);
  const state = useTableUrlState();
  const columns = useMemo(
    () => [
      column.custom('actions', {
        header: t('firmwareTests.columns.actions'),
        width: 90,
        minWidth: 90,
        align: 'center',
        hideable: false,
        render: (version) => (
          <RowActionsButton
            label={t('firmwareTests.versions.actionsLabel', { version: version.firm_ver })}
            onOpen={(anchor) => openMenu(anchor, version)}
          />
        ),
      }),
      column.field('firm_ver', { header: t('firmwareTests.versions.firmVer'), minWidth: 110, hideable: false }),
      column.field('description', { header: t('firmwareTests.versions.notes'), flex: 1, minWidth: 200 }),
      column.field('url', {
        header: t('firmwareTests.versions.url'),
        flex: 1,
        minWidth: 220,
        render: (version) => (
          <Link href={version.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
            {version.url}
          </Link>
        ),
      }),
    ],
    [t, openMenu],
  );
  const actions = useMemo<RowAction<VersionAction>[]>(
    () => [
      { action: 'edit', label: t('firmwareTests.edit'), icon: <EditIcon fontSize="small" /> },
      { action: 'delete', label: t('firmwareTests.delete'), icon: <DeleteIcon fontSize="small" /> },
    ],
    [t],
  );
  return (
    <>
      <Box sx={rowActionsStyles}>
        <DataTable
          id="firmware-versions"
          label={t('firmwareTests.versions.table', { model: modelName })}
          columns={columns}
          getRowId={rowId}
          query={query}
          state={state}
          emptyText={t('firmwareTests.versions.empty')}
          onOpen={(version) => open('edit', version)}
          actions={
            <Button startIcon={<AddIcon />} variant="contained" onClick={() => open('edit')}>
              {t('firmwareTests.versions.add')}
            </Button>
          }
        />
      </Box>
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to={paths.panelTestStages(modelId)}>
          {t('firmwareTests.models.stagesOf', { model: modelName })}
        </Link>
      </Box>
      <RowActionsMenu
        {...menuProps}
        label={menuRow ? t('firmwareTests.versions.actionsLabel', { version: menuRow.firm_ver }) : ''}
        actions={actions}
      />
      <VersionDialog
        open={isOpen('edit')}
        modelId={modelId}
        modelName={modelName}
        version={rowFor('edit')}
        onClose={close}
      />
      <ConfirmDeleteDialog
        open={isOpen('delete')}
        title={t('firmwareTests.versions.deleteTitle', { version: deleting?.firm_ver ?? '' })}
        text={t('firmwareTests.versions.deleteText', { version: deleting?.firm_ver ?? '', model: modelName })}
        pending={remove.pending}
        onConfirm={() => deleting && remove.remove(deleting.id, close)}
        onClose={close}
      />
    </>
  );
}
