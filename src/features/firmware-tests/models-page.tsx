/**
 * `/PanelTest/Models` (level 2, spec 2 §2): the panel models, each leading to its firmware versions and its test
 * stages. Opening a row (double click, Enter) goes to its versions. Each link's name begins with its visible text and
 * then names the model (WCAG 2.5.3 "Label in Name": a person who says "Versions" reaches it).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FirmwareModel } from '@generated/api/types.gen.ts';
import { getModelListOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { columnsOf } from '../../shared/table/columns.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { useTableUrlState } from '../../shared/table/use-table-state.ts';
import { wholeListQuery } from '../../shared/table/whole-list.ts';
import { paths } from '../../lib/routing/paths.ts';
import { FirmwareFrame } from './firmware-frame.tsx';

const column = columnsOf<FirmwareModel>();
const rowId = (model: FirmwareModel) => model.id;
const modelsQuery = wholeListQuery(getModelListOptions());

export function ModelsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useTableUrlState();
  const columns = useMemo(
    () => [
      column.field('model_name', { header: t('firmwareTests.models.name'), minWidth: 120, flex: 1, hideable: false }),
      column.custom('links', {
        header: t('firmwareTests.models.links'),
        minWidth: 230,
        flex: 1,
        exported: false,
        render: (model) => (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', height: '100%' }}>
            <Button
              component={RouterLink}
              to={paths.panelTestVersions(model.id)}
              size="small"
              aria-label={t('firmwareTests.models.versionsLink', { model: model.model_name })}
            >
              {t('firmwareTests.models.versions')}
            </Button>
            <Button
              component={RouterLink}
              to={paths.panelTestStages(model.id)}
              size="small"
              aria-label={t('firmwareTests.models.stagesLink', { model: model.model_name })}
            >
              {t('firmwareTests.models.stages')}
            </Button>
          </Stack>
        ),
      }),
    ],
    [t],
  );
  return (
    <FirmwareFrame
      title={t('firmwareTests.models.title')}
      trail={[{ label: t('firmwareTests.list.title'), to: paths.panelTests }]}
      maxWidth={960}
    >
      <DataTable
        id="firmware-models"
        label={t('firmwareTests.models.table')}
        columns={columns}
        getRowId={rowId}
        query={modelsQuery}
        state={state}
        emptyText={t('firmwareTests.models.empty')}
        onOpen={(model) => void navigate({ to: paths.panelTestVersions(model.id) })}
      />
    </FirmwareFrame>
  );
}
