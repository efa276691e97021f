/**
 * The reads of the panel detail: the panel record (General tab, breadcrumb) and the lists of its tabs. Each list
 * is read by the tab that shows it, when that tab is selected (spec 1 §2 "Tabs load their data when selected").
 */
import { useQuery } from '@tanstack/react-query';
import { getDevicePartOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import {
  keypadsOptions,
  outputsOptions,
  panelUsersOptions,
  zonesOptions,
} from '../../../../lib/panels/panel-queries.ts';

/** One panel with its partitions (`devicepart`); the route's loader fetches it. */
export const panelRecordOptions = (devId: number) => getDevicePartOptions({ path: { id: devId } });

export const usePanelRecord = (devId: number) => useQuery(panelRecordOptions(devId));
export const useZones = (devId: number) => useQuery(zonesOptions(devId));
export const useOutputs = (devId: number) => useQuery(outputsOptions(devId));
export const usePanelUsers = (devId: number) => useQuery(panelUsersOptions(devId));
export const useKeypads = (devId: number) => useQuery(keypadsOptions(devId));
