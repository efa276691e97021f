/**
 * The zones of a panel with their bypass switches (spec 1 §3, §4): number (+1), name, bypass switch, state badges.
 * A switch sends BYPASS (`zoneoutno` = zone_no, status 1 bypass / 0 remove); it shows the new position at once and
 * reverts when the panel refuses (`Err` not 0) or the call fails; the zone list is reloaded after either. Used by
 * the zone table (the zone list dialog, the detail's Zones tab) and the ready-to-arm check.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { getPanelZonesOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import type { Zone } from '@generated/api/types.gen.ts';
import { useLiveZonesAndOutputs } from './live-zones.ts';
import { usePanelCommand } from './use-panel-command.ts';
import { mergeZones, zoneBypassed, zoneOpen, zoneTrouble } from './zones.ts';
import { useConfirm } from '../../../shared/dialogs/confirm-dialog.tsx';
import { bypassConfirmTexts } from './switch-confirm.ts';

/** The zones of a panel (the API's list with the live zone states merged over it); `enabled` false reads nothing. */
export function usePanelZones(devId: number, enabled = true) {
  const query = useQuery({ ...getPanelZonesOptions({ path: { id: devId } }), enabled });
  const live = useLiveZonesAndOutputs(devId).zones;
  const zones = useMemo(() => mergeZones(query.data?.data ?? [], live), [query.data, live]);
  return { zones, query };
}

export interface ZoneBypass {
  /** The switch position: the one just asked for while its command is out, else the zone's state. */
  isOn(zone: Zone): boolean;
  /** Sends BYPASS; resolves true when the panel accepted it. */
  toggle(zone: Zone, on: boolean): Promise<boolean>;
  pending: boolean;
}

/** The bypass switches of a panel, with the panel password they are sent with. */
export function useZoneBypass(devId: number, password: string): ZoneBypass {
  const queryClient = useQueryClient();
  const { send, pending } = usePanelCommand(devId);
  // zone_no → the position asked for, shown until the reloaded list (with the live states) tells the outcome.
  const [asked, setAsked] = useState<ReadonlyMap<number, boolean>>(new Map());

  const toggle = useCallback(
    async (zone: Zone, on: boolean) => {
      if (pending) return false;
      setAsked((current) => new Map(current).set(zone.zone_no, on));
      const accepted = await send({ command: 'BYPASS', password, zoneoutno: zone.zone_no, status: on ? 1 : 0 });
      if (accepted) {
        await queryClient.invalidateQueries({ queryKey: getPanelZonesOptions({ path: { id: devId } }).queryKey });
      }
      setAsked((current) => {
        const next = new Map(current);
        next.delete(zone.zone_no);
        return next;
      });
      // A refused switch reverts now; the list is reloaded all the same (spec 1 §4).
      if (!accepted) {
        void queryClient.invalidateQueries({ queryKey: getPanelZonesOptions({ path: { id: devId } }).queryKey });
      }
      return accepted;
    },
    [pending, send, password, queryClient, devId],
  );

  const isOn = (zone: Zone) => asked.get(zone.zone_no) ?? zoneBypassed(zone);
  return { isOn, toggle, pending };
}

/** The bypass switches of a panel that ask first, naming the panel and the zone; render `dialog` beside them. */
export function useConfirmedZoneBypass(devId: number, panelName: string, password: string) {
  const { t } = useTranslation();
  const sending = useZoneBypass(devId, password);
  const confirm = useConfirm();
  const bypass: ZoneBypass = {
    ...sending,
    toggle: async (zone, on) =>
      (await confirm.ask(bypassConfirmTexts(t, panelName, zone, on))) && sending.toggle(zone, on),
  };
  return { bypass, dialog: confirm.dialog };
}

export function ZoneBypassSwitch({ zone, bypass, disabled }: { zone: Zone; bypass: ZoneBypass; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Switch
      checked={bypass.isOn(zone)}
      disabled={disabled || bypass.pending}
      onChange={(_event, on) => void bypass.toggle(zone, on)}
      slotProps={{
        input: {
          'aria-label': t('commands.zone.bypassLabel', { no: zone.zone_no + 1, name: zone.name }),
          // @ts-expect-error data attributes are passed through to the input
          'data-testid': `zone-bypass-${zone.zone_no}`,
        },
      }}
    />
  );
}

/** Motion, trouble, automatic or manual bypass; "closed" when none applies. */
export function ZoneStateBadges({ zone }: { zone: Zone }) {
  const { t } = useTranslation();
  const badges: ReactNode[] = [];
  if (zoneOpen(zone)) badges.push(<Chip key="motion" size="small" color="warning" label={t('commands.zone.motion')} />);
  if (zoneTrouble(zone))
    badges.push(<Chip key="trouble" size="small" color="error" label={t('commands.zone.trouble')} />);
  if (zone.zone_byp_status === 1)
    badges.push(<Chip key="auto" size="small" variant="outlined" label={t('commands.zone.autoBypass')} />);
  if (zone.zone_byp_status === 2)
    badges.push(<Chip key="manual" size="small" variant="outlined" label={t('commands.zone.manualBypass')} />);
  if (badges.length === 0) badges.push(<Chip key="closed" size="small" label={t('commands.zone.closed')} />);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} data-testid={`zone-state-${zone.zone_no}`}>
      {badges}
    </Stack>
  );
}
