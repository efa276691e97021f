/**
 * Zones as the console shows them: the zone list the API answered with the live feed's zone states merged over
 * it (the feed reports a zone opening, closing or being bypassed; its last word is the newest). Which zones keep
 * a panel from arming: an active zone that is open (`zone_status` 1, motion) or in trouble (any other non-zero
 * status the panel reports: neither closed nor open), unless it is bypassed.
 */
import type { LiveOutputState, LiveZoneState, Output, Zone } from '@generated/api/types.gen.ts';

export function mergeZones(list: readonly Zone[], live: readonly LiveZoneState[] | undefined): Zone[] {
  if (!live?.length) return [...list];
  return list.map((zone) => {
    const update = live.find((item) => item.zone_no === zone.zone_no);
    if (!update) return zone;
    const merged: Zone = { ...zone, ...update };
    // `byp` is the switch position of the list; it follows the live bypass state.
    if (update.zone_byp_status !== undefined) merged.byp = update.zone_byp_status > 0;
    return merged;
  });
}

export function mergeOutputs(list: readonly Output[], live: readonly LiveOutputState[] | undefined): Output[] {
  if (!live?.length) return [...list];
  return list.map((out) => {
    const update = live.find((item) => item.out_no === out.out_no);
    return update ? { ...out, ...update } : out;
  });
}

export const zoneBypassed = (zone: Zone): boolean => (zone.zone_byp_status ?? 0) > 0 || zone.byp === true;
export const zoneOpen = (zone: Zone): boolean => zone.zone_status === 1;
export const zoneTrouble = (zone: Zone): boolean => zone.zone_status !== undefined && zone.zone_status > 1;

/** The zones an arming person must look at: active, open or in trouble (bypassed or not, so they can undo it). */
export const zonesToCheck = (zones: readonly Zone[]): Zone[] =>
  zones.filter((zone) => zone.active !== false && (zoneOpen(zone) || zoneTrouble(zone)));

/** Zones that would keep the panel from arming: to check and not bypassed. */
export const zonesBlockingArm = (zones: readonly Zone[]): Zone[] =>
  zonesToCheck(zones).filter((zone) => !zoneBypassed(zone));

export const outputOn = (out: Output): boolean => Number(out.out_status) === 1;
