/** The panels of a roll-out in the generic table, filtered by state and stage (in the URL), with Excel export. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rollout, RolloutPanel } from '@generated/api/types.gen.ts';
import { getFirmwareRolloutPanelsOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { columnsOf } from '../../../shared/table/columns.ts';
import { DataTable } from '../../../shared/table/data-table.tsx';
import type { FilterField } from '../../../shared/table/filters.ts';
import type { TableQueryParams } from '../../../shared/table/table-query.ts';
import { useTableUrlState } from '../../../shared/table/use-table-state.ts';
import { PANEL_STATES } from './rollout-texts.ts';

const column = columnsOf<RolloutPanel>();
const rowId = (panel: RolloutPanel) => panel.dev_id;

export function RolloutPanelsTable({ rollout }: { rollout: Rollout }) {
  const { t } = useTranslation();
  const filters = useMemo<FilterField[]>(
    () => [
      {
        id: 'state',
        kind: 'select',
        label: t('firmwareRollouts.panels.state'),
        options: PANEL_STATES.map((state) => ({ value: state, label: t(`firmwareRollouts.panelState.${state}`) })),
      },
      {
        id: 'stage',
        kind: 'select',
        label: t('firmwareRollouts.panels.stage'),
        options: rollout.stages.map((stage) => ({
          value: String(stage.stage),
          label: t('firmwareRollouts.chart.stage', { stage: stage.stage }),
        })),
      },
    ],
    [t, rollout.stages],
  );
  const state = useTableUrlState(filters);
  const query = useMemo(
    () =>
      ({ limit, offset, filters: chosen }: TableQueryParams) =>
        getFirmwareRolloutPanelsOptions({
          path: { id: rollout.id },
          query: {
            limit,
            offset,
            ...(typeof chosen.state === 'string' && { state: chosen.state as RolloutPanel['state'] }),
            ...(chosen.stage !== undefined && { stage: Number(chosen.stage) }),
          },
        }),
    [rollout.id],
  );
  const columns = useMemo(
    () => [
      column.field('dev_id', { header: t('firmwareRollouts.panels.devId'), minWidth: 160, hideable: false }),
      column.field('description', { header: t('firmwareRollouts.panels.description'), minWidth: 150, flex: 1 }),
      column.field('stage', { header: t('firmwareRollouts.panels.stage'), minWidth: 80 }),
      column.field('state', {
        header: t('firmwareRollouts.panels.state'),
        minWidth: 150,
        format: (value) => t(`firmwareRollouts.panelState.${value}`),
      }),
      column.field('firm_ver_before', { header: t('firmwareRollouts.panels.before'), minWidth: 100 }),
      column.field('firm_ver_now', { header: t('firmwareRollouts.panels.now'), minWidth: 100 }),
      column.field('updated_at', {
        header: t('firmwareRollouts.panels.updated'),
        minWidth: 150,
        format: (value) => (value ? formatDate(value, 'panel') : ''),
      }),
      column.field('error', {
        header: t('firmwareRollouts.panels.error'),
        minWidth: 180,
        format: (value) => value ?? '',
      }),
    ],
    [t],
  );
  return (
    <DataTable
      id="firmware-rollout-panels"
      label={t('firmwareRollouts.panels.table')}
      columns={columns}
      filters={filters}
      getRowId={rowId}
      query={query}
      state={state}
      emptyText={t('firmwareRollouts.panels.empty')}
    />
  );
}
