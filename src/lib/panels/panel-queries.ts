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
