/**
 * `/PanelTest/Rollouts` (level 2, proposed): the firmware roll-outs, newest first, paged by the server:
 * model and version, state, progress (panels finished of the target), who started it and when. Opening a row shows
 * the roll-out; a roll-out is started from a passed test of the test list.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import type { Rollout } from '@generated/api/types.gen.ts';
import { getFirmwareRolloutsOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { paths } from '../../../lib/routing/paths.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { columnsOf } from '../../../shared/table/columns.ts';
import { DataTable } from '../../../shared/table/data-table.tsx';
import type { TableQueryParams } from '../../../shared/table/table-query.ts';
import { useTableUrlState } from '../../../shared/table/use-table-state.ts';
import { FirmwareFrame } from '../firmware-frame.tsx';
import { haltReasonText } from './rollout-texts.ts';

const column = columnsOf<Rollout>();
const rowId = (rollout: Rollout) => rollout.id;
const query = ({ limit, offset }: TableQueryParams) => getFirmwareRolloutsOptions({ query: { limit, offset } });

/** Panels finished (done, failed or not back online) of the roll-out's target. */
const finished = (rollout: Rollout) =>
  rollout.stages.reduce((sum, stage) => sum + stage.done + stage.failed + stage.not_back_online, 0);
const total = (rollout: Rollout) => rollout.stages.reduce((sum, stage) => sum + stage.size, 0);

export function RolloutsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useTableUrlState();
  const columns = useMemo(
    () => [
      column.field('id', { header: t('firmwareRollouts.list.id'), minWidth: 70, hideable: false }),
      column.field('model_name', { header: t('firmwareRollouts.list.model'), minWidth: 100 }),
      column.field('firm_ver', { header: t('firmwareRollouts.list.version'), minWidth: 90 }),
      column.field('state', {
        header: t('firmwareRollouts.list.state'),
        minWidth: 150,
        format: (value) => t(`firmwareRollouts.state.${value}`),
      }),
      column.custom('progress', {
        header: t('firmwareRollouts.list.progress'),
        minWidth: 130,
        value: (rollout) =>
          t('firmwareRollouts.list.progressValue', {
            done: finished(rollout),
            total: total(rollout),
            count: total(rollout),
          }),
      }),
      column.field('halt_reason', {
        header: t('firmwareRollouts.list.haltReason'),
        minWidth: 220,
        flex: 1,
        format: (reason) => (reason ? haltReasonText(t, reason) : ''),
      }),
      column.field('started_by', {
        header: t('firmwareRollouts.list.startedBy'),
        minWidth: 140,
        format: (user) => user.name,
      }),
      column.field('started_at', {
        header: t('firmwareRollouts.list.startedAt'),
        minWidth: 150,
        format: (value) => formatDate(value, 'panel'),
      }),
    ],
    [t],
  );
  return (
    <FirmwareFrame
      title={t('firmwareRollouts.list.title')}
      trail={[{ label: t('firmwareTests.list.title'), to: paths.panelTests }]}
      actions={
        <Button component={RouterLink} to={paths.panelTests} variant="outlined">
          {t('firmwareRollouts.list.fromTests')}
        </Button>
      }
    >
      <DataTable
        id="firmware-rollouts"
        label={t('firmwareRollouts.list.table')}
        columns={columns}
        getRowId={rowId}
        query={query}
        state={state}
        emptyText={t('firmwareRollouts.list.empty')}
        onOpen={(rollout) => void navigate({ to: paths.panelTestRollout(rollout.id) })}
      />
    </FirmwareFrame>
  );
}
