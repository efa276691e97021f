import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import type { LiveZoneState, Zone } from '@generated/api/types.gen.ts';
import type { PanelLogin } from '../../../lib/session/panel-logins.ts';
import { usePanelCommand } from '../commands/use-panel-command.ts';
import { mergeZones, zoneBypassed } from '../commands/zones.ts';
import { usePlanPermissions } from '../../../lib/panels/use-plan-permissions.ts';
import { planPermits } from '../../../lib/panels/panel-authority.ts';
import { zonesOptions } from '../../../lib/panels/panel-queries.ts';
import { useZones } from './api/panel-detail-queries.ts';
import { ZoneQuickEdit } from './zone-quick-edit.tsx';
import { useOptimisticSwitches } from './use-optimistic-switches.ts';
import { useConfirm } from '../../../shared/dialogs/confirm-dialog.tsx';
import { bypassConfirmTexts } from '../commands/switch-confirm.ts';
import { RecordTable } from './record-table.tsx';
import { NAME_CELL_SX } from './table-style.ts';

export interface ZonesTabProps {
  devId: number;
  /** The panel's name, said in the confirmation a switch asks for. */
  panelName: string;
  login: PanelLogin;
  connected: boolean;
  /** Zone states the live feed reported, newer than the loaded list. */
  liveZones: readonly LiveZoneState[] | undefined;
}

/**
 * The Zones tab (spec 1 §2, §4): number (+1), name, the bypass switch (BYPASS permission; it reverts when the
 * panel refuses and the list reloads afterwards), state badges, and the quick edit of name and active.
 */
export function ZonesTab({ devId, panelName, login, connected, liveZones }: ZonesTabProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const zones = useZones(devId);
  const plan = usePlanPermissions();
  const { send } = usePanelCommand(devId);
  const { wished, wish, settle } = useOptimisticSwitches();
  const [editing, setEditing] = useState<Zone>();
  const mayBypass = planPermits(plan, 'BYPASS') && connected;
  // The zones as they are now: the loaded list with the live feed's states over it (the one merge of zones.ts).
  const rows = mergeZones(zones.data?.data ?? [], liveZones);

  const confirm = useConfirm();
  const bypass = async (zone: Zone, on: boolean) => {
    // Nothing moves before the person confirms (switch-confirm.ts).
    if (!(await confirm.ask(bypassConfirmTexts(t, panelName, zone, on)))) return;
    wish(zone.zone_no, on);
    const accepted = await send({
      command: 'BYPASS',
      password: login.password,
      zoneoutno: zone.zone_no,
      status: on ? 1 : 0,
    });
    if (!accepted) settle(zone.zone_no);
    await queryClient.invalidateQueries({ queryKey: zonesOptions(devId).queryKey });
    settle(zone.zone_no);
  };

  return (
    <RecordTable
      query={zones}
      isEmpty={rows.length === 0}
      label={t('panelDetail.tabs.zones')}
      errorText={t('panelDetail.zones.loadError')}
      emptyText={t('panelDetail.zones.empty')}
      columns={[t('panelDetail.zones.bypass'), t('panelDetail.columns.state')]}
      actions
      rows={rows.map((zone) => {
        const number = zone.zone_no + 1;
        const bypassed = wished[zone.zone_no] ?? zoneBypassed(zone);
        return (
          <TableRow key={zone.zone_no} data-testid={`zone-${number}`}>
            <TableCell>{number}</TableCell>
            <TableCell sx={NAME_CELL_SX}>{zone.name}</TableCell>
            <TableCell>
              <Switch
                checked={bypassed}
                disabled={!mayBypass || wished[zone.zone_no] !== undefined}
                onChange={(event) => void bypass(zone, event.target.checked)}
                slotProps={{
                  input: { 'aria-label': t('panelDetail.zones.bypassZone', { number, name: zone.name }) },
                }}
              />
            </TableCell>
            <TableCell>
              <ZoneBadges zone={zone} />
            </TableCell>
            <TableCell>
              <IconButton
                aria-label={t('panelDetail.zones.edit', { number, name: zone.name })}
                onClick={() => setEditing(zone)}
              >
                <EditIcon />
              </IconButton>
            </TableCell>
          </TableRow>
        );
      })}
    >
      {!mayBypass ? (
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
      <ZoneQuickEdit devId={devId} password={login.password} zone={editing} onClose={() => setEditing(undefined)} />
      {confirm.dialog}
    </RecordTable>
  );
}

/** Motion, automatic or manual bypass, and a disabled zone, as badges. */
function ZoneBadges({ zone }: { zone: Zone }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {zone.zone_status === 1 ? <Chip size="small" color="warning" label={t('panelDetail.zones.motion')} /> : null}
      {zone.zone_byp_status === 1 ? <Chip size="small" label={t('panelDetail.zones.autoBypass')} /> : null}
      {zone.zone_byp_status === 2 ? <Chip size="small" label={t('panelDetail.zones.manualBypass')} /> : null}
      {zone.active === false ? <Chip size="small" variant="outlined" label={t('panelDetail.zones.inactive')} /> : null}
      {zone.zone_status !== 1 && !zone.zone_byp_status && zone.active !== false ? (
        <Chip size="small" variant="outlined" color="success" label={t('panelDetail.zones.closed')} />
      ) : null}
    </Stack>
  );
}
