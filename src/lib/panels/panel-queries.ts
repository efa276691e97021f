/**
 * The lists one panel holds: its zones, outputs, users and keypads. The panel detail shows each on its tab (read when
 * that tab is selected); the programming names the records it programs after them.
 */
import {
  getPanelKeypadsOptions,
  getPanelOutputsOptions,
  getPanelUsersOptions,
  getPanelZonesOptions,
} from '@generated/api/@tanstack/react-query.gen.ts';

export const zonesOptions = (devId: number) => getPanelZonesOptions({ path: { id: devId } });
export const outputsOptions = (devId: number) => getPanelOutputsOptions({ path: { id: devId } });
export const panelUsersOptions = (devId: number) => getPanelUsersOptions({ path: { id: devId } });
export const keypadsOptions = (devId: number) => getPanelKeypadsOptions({ path: { id: devId } });

/**
 * The list that names (and, for zones, enables) the records of a settings group: 0 zones, 1 keypads, 2 panel users,
 * 4 outputs; undefined for a group no list shows. A write of such a record changes what its list says.
 */
export function recordListOptions(devId: number, group: number) {
  switch (group) {
    case 0:
      return zonesOptions(devId);
    case 1:
      return keypadsOptions(devId);
    case 2:
      return panelUsersOptions(devId);
    case 4:
      return outputsOptions(devId);
    default:
      return undefined;
  }
}

/**
 * The start of the query key of a panel's settings reads (getpanelsettings command GET, which the generator gives
 * no key: it is a POST), of one group or of all: a change made elsewhere (a quick edit of a zone's name) invalidates
 * the reads it changed.
 */
export const settingsReadPrefix = (devId: number, group?: number) =>
  group === undefined
    ? (['getPanelSettings', 'GET', devId] as const)
    : (['getPanelSettings', 'GET', devId, group] as const);
