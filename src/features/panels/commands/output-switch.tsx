/**
 * The outputs of a panel with their on/off switches (spec 1 §3, §4): number (+1), name, switch. A switch sends
 * OUTPUT (`zoneoutno` = out_no, status 1 on / 0 off), shows the new position at once and reverts when the panel
 * refuses or the call fails; the list is not reloaded. Used by the output list dialog and the detail's Outs tab.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { getPanelOutputsOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import type { Output } from '@generated/api/types.gen.ts';
import { QueryState } from '../../../shared/page/page.tsx';
import { useLiveZonesAndOutputs } from './live-zones.ts';
import { PanelLockoutNotice } from '../../../lib/panels/panel-lockout-notice.tsx';
import { usePanelLockout } from '../../../lib/panels/panel-lockouts.ts';
import { usePanelCommand } from './use-panel-command.ts';
import { mergeOutputs, outputOn } from './zones.ts';
import { useConfirm } from '../../../shared/dialogs/confirm-dialog.tsx';
import { outputConfirmTexts } from './switch-confirm.ts';

/** The outputs of a panel (the API's list with the live output states merged over it). */
export function usePanelOutputs(devId: number) {
  const query = useQuery(getPanelOutputsOptions({ path: { id: devId } }));
  const live = useLiveZonesAndOutputs(devId).outs;
  const outputs = useMemo(() => mergeOutputs(query.data?.data ?? [], live), [query.data, live]);
  return { outputs, query };
}

export interface OutputSwitching {
  isOn(output: Output): boolean;
  /** Sends OUTPUT; resolves true when the panel accepted it. */
  toggle(output: Output, on: boolean): Promise<boolean>;
  pending: boolean;
}

/** The output switches of a panel, with the panel password they are sent with. */
export function useOutputSwitch(devId: number, password: string): OutputSwitching {
  const { send, pending } = usePanelCommand(devId);
  // out_no → the position asked for, while its command is out.
  const [asked, setAsked] = useState<ReadonlyMap<number, boolean>>(new Map());
  // out_no → the position of an accepted command and the live report of that output when it was accepted: the
  // switch keeps that position until the feed reports the output again, whose word is then the newest.
  const [accepted, setAccepted] = useState<ReadonlyMap<number, { on: boolean; report: unknown }>>(new Map());
  const liveOuts = useLiveZonesAndOutputs(devId).outs;
  const reportOf = (outNo: number) => liveOuts?.find((live) => live.out_no === outNo);

  const toggle = useCallback(
    async (output: Output, on: boolean) => {
      if (pending) return false;
      const report = liveOuts?.find((live) => live.out_no === output.out_no);
      setAsked((current) => new Map(current).set(output.out_no, on));
      const ok = await send({ command: 'OUTPUT', password, zoneoutno: output.out_no, status: on ? 1 : 0 });
      setAsked((current) => {
        const next = new Map(current);
        next.delete(output.out_no);
        return next;
      });
      // Accepted: the switch keeps its new position (no reload); refused: it reverts.
      setAccepted((current) => {
        const next = new Map(current);
        if (ok) next.set(output.out_no, { on, report });
        else next.delete(output.out_no);
        return next;
      });
      return ok;
    },
    [pending, send, password, liveOuts],
  );

  const isOn = (output: Output) => {
    const wanted = asked.get(output.out_no);
    if (wanted !== undefined) return wanted;
    const kept = accepted.get(output.out_no);
    if (kept && kept.report === reportOf(output.out_no)) return kept.on;
    return outputOn(output);
  };
  return { isOn, toggle, pending };
}

export function OutputSwitch({
  output,
  switching,
  disabled,
}: {
  output: Output;
  switching: OutputSwitching;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Switch
      checked={switching.isOn(output)}
      disabled={disabled || switching.pending}
      onChange={(_event, on) => void switching.toggle(output, on)}
      slotProps={{
        input: {
          'aria-label': t('commands.output.switchLabel', { no: output.out_no + 1, name: output.name }),
          // @ts-expect-error data attributes are passed through to the input
          'data-testid': `output-switch-${output.out_no}`,
        },
      }}
    />
  );
}

export interface OutputTableProps {
  devId: number;
  /** The panel's name, said in the confirmation a switch asks for. */
  panelName: string;
  /** The panel password the OUTPUT commands are sent with. */
  password: string;
  /** False without the OUTPUT plan permission: the switches show the state but cannot be used. */
  canSwitch: boolean;
  /** Extra cells at the end of each row (the detail's quick edit). */
  renderActions?: (output: Output) => ReactNode;
  actionsLabel?: string;
}

export function OutputTable({ devId, panelName, password, canSwitch, renderActions, actionsLabel }: OutputTableProps) {
  const { t } = useTranslation();
  const { outputs, query } = usePanelOutputs(devId);
  const sending = useOutputSwitch(devId, password);
  // An output may open a door or sound a siren: nothing is sent before the person confirms (switch-confirm.ts).
  const confirm = useConfirm();
  const switching: OutputSwitching = {
    ...sending,
    toggle: async (output, on) =>
      (await confirm.ask(outputConfirmTexts(t, panelName, output, on))) && sending.toggle(output, on),
  };
  // A panel whose password is locked says so above its list; its switches wait for the lock to end.
  const lockout = usePanelLockout(devId);
  return (
    <>
      <PanelLockoutNotice {...lockout} />
      {confirm.dialog}
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        isEmpty={outputs.length === 0}
        errorText={t('commands.output.loadFailed')}
        emptyText={t('commands.output.empty')}
        onRetry={() => void query.refetch()}
      >
        <Table size="small" aria-label={t('commands.outputs')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('commands.output.number')}</TableCell>
              <TableCell>{t('commands.output.name')}</TableCell>
              <TableCell>{t('commands.output.switch')}</TableCell>
              {renderActions ? <TableCell>{actionsLabel}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {outputs.map((output) => (
              <TableRow key={output.out_no} data-testid={`output-${output.out_no}`}>
                <TableCell>{output.out_no + 1}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{output.name}</TableCell>
                <TableCell padding="none">
                  <OutputSwitch
                    output={output}
                    switching={switching}
                    disabled={!canSwitch || lockout.until !== undefined}
                  />
                </TableCell>
                {renderActions ? <TableCell>{renderActions(output)}</TableCell> : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </QueryState>
    </>
  );
}
