/**
 * `/PanelTest/List` (level 2, spec 2 §2, §3): the firmware tests (model, firmware, who added it, progress as a bar,
 * start and end time) with the row actions start test (the run page) and get report (every result row). Adding a
 * test and the models are one click away. Opening a row runs its test.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import AssignmentIcon from '@mui/icons-material/Assignment';
import CategoryIcon from '@mui/icons-material/Category';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { FirmwareTest } from '@generated/api/types.gen.ts';
import { getFirmwareTestListOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { columnsOf } from '../../shared/table/columns.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { RowActionsButton, rowActionsStyles } from '../../shared/table/row-actions-button.tsx';
import { RowActionsMenu, type RowAction } from '../../shared/table/row-actions-menu.tsx';
import { useRowActions } from '../../shared/table/use-row-actions.ts';
import { useTableUrlState } from '../../shared/table/use-table-state.ts';
import { wholeListQuery } from '../../shared/table/whole-list.ts';
import { paths } from '../../lib/routing/paths.ts';
import { FirmwareFrame } from './firmware-frame.tsx';
import { PercentCell } from './progress-line.tsx';
import { ReportDialog } from './report-dialog.tsx';

const column = columnsOf<FirmwareTest>();
const rowId = (test: FirmwareTest) => test.id;
const testsQuery = wholeListQuery(getFirmwareTestListOptions());
type TestAction = 'run' | 'report' | 'rollout';

export function TestListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { menuRow, openMenu, menuProps, open, close, rowFor } = useRowActions<FirmwareTest, TestAction>();
  const state = useTableUrlState();
  const columns = useMemo(
    () => [
      column.custom('actions', {
        header: t('firmwareTests.columns.actions'),
        width: 90,
        minWidth: 90,
        align: 'center',
        hideable: false,
        render: (test) => (
          <RowActionsButton
            label={t('firmwareTests.list.actionsLabel', { id: test.id })}
            onOpen={(anchor) => openMenu(anchor, test)}
          />
        ),
      }),
      column.field('model_name', { header: t('firmwareTests.list.model'), minWidth: 110, hideable: false }),
      column.field('firmware', { header: t('firmwareTests.list.firmware'), minWidth: 100 }),
      column.field('user_name', { header: t('firmwareTests.list.user'), minWidth: 140, flex: 1 }),
      column.field('percentage', {
        header: t('firmwareTests.list.percentage'),
        minWidth: 170,
        flex: 1,
        render: (test) => (
          <PercentCell percent={test.percentage} label={t('firmwareTests.list.progressOf', { id: test.id })} />
        ),
      }),
      column.field('add_time', {
        header: t('firmwareTests.list.started'),
        minWidth: 150,
        format: (value) => formatDate(value, 'panel'),
      }),
      column.field('end_time', {
        header: t('firmwareTests.list.ended'),
        minWidth: 150,
        format: (value) => (value ? formatDate(value, 'panel') : t('firmwareTests.list.running')),
      }),
    ],
    [t, openMenu],
  );
  const actions = useMemo<RowAction<TestAction>[]>(
    () =>
      menuRow
        ? [
            {
              action: 'run',
              label: t('firmwareTests.list.run'),
              reason: menuRow.end_time ? t('firmwareTests.list.finished') : undefined,
              icon: <PlayArrowIcon fontSize="small" />,
            },
            { action: 'report', label: t('firmwareTests.list.report'), icon: <AssignmentIcon fontSize="small" /> },
            // Proposed: a finished test's version can be rolled out; the start page checks that every
            // stage passed, and the server refuses a version whose test did not pass.
            {
              action: 'rollout',
              label: t('firmwareTests.list.rollout'),
              reason: menuRow.percentage < 100 ? t('firmwareTests.list.rolloutUnfinished') : undefined,
            },
          ]
        : [],
    [menuRow, t],
  );
  return (
    <FirmwareFrame
      title={t('firmwareTests.list.title')}
      actions={
        <>
          <Button component={RouterLink} to={paths.panelTestRollouts} variant="outlined">
            {t('firmwareTests.list.rollouts')}
          </Button>
          <Button component={RouterLink} to={paths.panelTestModels} startIcon={<CategoryIcon />} variant="outlined">
            {t('firmwareTests.models.title')}
          </Button>
          <Button component={RouterLink} to={paths.panelTestAdd} startIcon={<AddIcon />} variant="contained">
            {t('firmwareTests.list.add')}
          </Button>
        </>
      }
    >
      <Box sx={rowActionsStyles}>
        <DataTable
          id="firmware-tests"
          label={t('firmwareTests.list.table')}
          columns={columns}
          getRowId={rowId}
          query={testsQuery}
          state={state}
          emptyText={t('firmwareTests.list.empty')}
          onOpen={(test) => void navigate({ to: paths.panelTestRun(test.id) })}
        />
      </Box>
      <RowActionsMenu
        {...menuProps}
        label={menuRow ? t('firmwareTests.list.actionsLabel', { id: menuRow.id }) : ''}
        actions={actions}
        onChoose={(action) => {
          if (menuRow && action === 'run') void navigate({ to: paths.panelTestRun(menuRow.id) });
          if (menuRow && action === 'report') open('report', menuRow);
          if (menuRow && action === 'rollout') void navigate({ to: paths.panelTestRolloutNew(menuRow.id) });
        }}
      />
      <ReportDialog test={rowFor('report')} onClose={close} />
    </FirmwareFrame>
  );
}
