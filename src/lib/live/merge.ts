import type { PanelLiveUpdate } from '@generated/live/types.ts';

type Keyed = Record<string, unknown>;

/** Merges items of `incoming` into `current` by `key` (a zone by zone_no, an output by out_no). */
const mergeByKey = <T extends Keyed>(current: T[] | undefined, incoming: T[], key: string): T[] => {
  const result = [...(current ?? [])];
  for (const item of incoming) {
    const index = result.findIndex((existing) => existing[key] === item[key]);
    if (index === -1) result.push(item);
    else result[index] = { ...result[index]!, ...item };
  }
  return result.sort((a, b) => Number(a[key]) - Number(b[key]));
};

/**
 * Merges a live message (a partial panel record) into what is known of a panel: fields replace fields,
 * `KLStatus` is merged field by field, `zones` and `outs` are merged by zone and output number.
 */
export function mergePanelUpdate(current: PanelLiveUpdate | undefined, update: PanelLiveUpdate): PanelLiveUpdate {
  const next: PanelLiveUpdate = { ...(current ?? {}), ...update };
  if (current?.KLStatus && update.KLStatus) next.KLStatus = { ...current.KLStatus, ...update.KLStatus };
  if (update.zones)
    next.zones = mergeByKey(
      current?.zones as Keyed[] | undefined,
      update.zones as Keyed[],
      'zone_no',
    ) as PanelLiveUpdate['zones'];
  if (update.outs)
    next.outs = mergeByKey(
      current?.outs as Keyed[] | undefined,
      update.outs as Keyed[],
      'out_no',
    ) as PanelLiveUpdate['outs'];
  return next;
}
