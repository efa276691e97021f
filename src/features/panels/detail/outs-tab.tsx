import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import type { LiveOutputState, Output } from '@generated/api/types.gen.ts';
import type { PanelLogin } from '../../../lib/session/panel-logins.ts';
import { usePanelCommand } from '../commands/use-panel-command.ts';
import { usePlanPermissions } from '../../../lib/panels/use-plan-permissions.ts';
import { planPermits } from '../../../lib/panels/panel-authority.ts';
import { outputsOptions } from '../../../lib/panels/panel-queries.ts';
import { useOutputs } from './api/panel-detail-queries.ts';
import { useUpdateOutput } from './api/quick-edit.ts';
import { QuickEditDialog } from './quick-edit-dialog.tsx';
import { useOptimisticSwitches } from './use-optimistic-switches.ts';
import { useConfirm } from '../../../shared/dialogs/confirm-dialog.tsx';
import { outputConfirmTexts } from '../commands/switch-confirm.ts';
import { outputEditRules, validateOutputEdit } from './validation.ts';
import { RecordTable } from './record-table.tsx';
import { NAME_CELL_SX } from './table-style.ts';

export interface OutsTabProps {
  devId: number;
  /** The panel's name, said in the confirmation a switch asks for. */
  panelName: string;
  login: PanelLogin;
  connected: boolean;
  /** Output states the live feed reported, newer than the loaded list. */
  liveOuts: readonly LiveOutputState[] | undefined;
}

const withLive = (output: Output, live: readonly LiveOutputState[] | undefined): Output => {
  const update = live?.find((item) => item.out_no === output.out_no);
  return update ? { ...output, ...update } : output;
};

/**
 * The Outs tab (spec 1 §2, §4): number (+1), name, the on/off switch (OUTPUT permission; it reverts when the
 * panel refuses, without reloading the list), and the quick edit of name and active.
 */
export function OutsTab({ devId, panelName, login, connected, liveOuts }: OutsTabProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const outputs = useOutputs(devId);
  const plan = usePlanPermissions();
  const { send } = usePanelCommand(devId);
  const { wished, wish, settle } = useOptimisticSwitches();
  const [editing, setEditing] = useState<Output>();
  const update = useUpdateOutput(devId, login.password);
  const maySwitch = planPermits(plan, 'OUTPUT') && connected;
  const rows = (outputs.data?.data ?? []).map((output) => withLive(output, liveOuts));

  const confirm = useConfirm();
  const toggle = async (output: Output, on: boolean) => {
    // Nothing moves before the person confirms (switch-confirm.ts).
    if (!(await confirm.ask(outputConfirmTexts(t, panelName, output, on)))) return;
    wish(output.out_no, on);
    const ok = await send({
      command: 'OUTPUT',
      password: login.password,
      zoneoutno: output.out_no,
      status: on ? 1 : 0,
    });
    // No reload (spec 1 §4): the accepted position is written into the loaded list; the live feed has the last word.
    if (ok) {
      queryClient.setQueryData(
        outputsOptions(devId).queryKey,
        (list) =>
          list && {
            ...list,
            data: list.data.map((item) =>
              item.out_no === output.out_no ? { ...item, out_status: on ? (1 as const) : (0 as const) } : item,
            ),
          },
      );
    }
    settle(output.out_no);
  };

  return (
    <RecordTable
      query={outputs}
      isEmpty={rows.length === 0}
      label={t('panelDetail.tabs.outs')}
      errorText={t('panelDetail.outs.loadError')}
      emptyText={t('panelDetail.outs.empty')}
      columns={[t('panelDetail.outs.switch')]}
      actions
      rows={rows.map((output) => {
        const number = output.out_no + 1;
        const on = wished[output.out_no] ?? output.out_status === 1;
        return (
          <TableRow key={output.out_no} data-testid={`output-${number}`}>
            <TableCell>{number}</TableCell>
            <TableCell sx={NAME_CELL_SX}>
              {output.name}
              {output.active === false ? (
                <Chip size="small" variant="outlined" label={t('panelDetail.zones.inactive')} sx={{ ml: 1 }} />
              ) : null}
            </TableCell>
            <TableCell>
              <Switch
                checked={on}
                disabled={!maySwitch || wished[output.out_no] !== undefined}
                onChange={(event) => void toggle(output, event.target.checked)}
                slotProps={{
                  input: { 'aria-label': t('panelDetail.outs.switchOutput', { number, name: output.name }) },
                }}
              />
            </TableCell>
            <TableCell>
              <IconButton
                aria-label={t('panelDetail.outs.edit', { number, name: output.name })}
                onClick={() => setEditing(output)}
              >
                <EditIcon />
              </IconButton>
            </TableCell>
          </TableRow>
        );
      })}
    >
      {!maySwitch ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t(
            connected
              ? plan
                ? 'commands.reason.plan'
                : 'commands.reason.planLoading'
              : 'commands.reason.disconnected',
          )}
        </Typography>
      ) : null}
      <QuickEditDialog
        devId={devId}
        item={
          editing && {
            title: t('panelDetail.outs.editTitle', { number: editing.out_no + 1, name: editing.name }),
            name: editing.name,
            active: editing.active ?? true,
          }
        }
        nameRule={outputEditRules.rules.name}
        validate={validateOutputEdit}
        pending={update.isPending}
        onSave={(values) => editing?.id && update.save({ id: editing.id, ...values }, () => setEditing(undefined))}
        onClose={() => setEditing(undefined)}
      />
      {confirm.dialog}
    </RecordTable>
  );
}
