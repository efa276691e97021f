/**
 * The one place where a live-feed message becomes the REST panel record's types, and where it is merged into
 * what is known of a panel. Flags arrive as booleans or 0/1 (real panels and backends write both): `armed`,
 * `stayarmed`, `connected` and a partition's `armed` become booleans, the indicator bits (`motion`, `ahm1`, `ahm2`,
 * `KLStatus` flags, an output's `out_status`) become 0/1, as `PanelState` types them.
 */
import type { KlStatus, LiveOutputState, PanelState, PartItem } from '@generated/api/types.gen.ts';
import type { FeedFlag, PanelLiveUpdate } from '@generated/live/types.ts';

const bool = (flag: FeedFlag): boolean => flag === true || flag === 1;
const bit = (flag: FeedFlag): 0 | 1 => (flag === true || flag === 1 ? 1 : 0);

const KL_FLAGS = ['alarm', 'firealarm', 'power', 'bypass', 'event', 'armed'] as const;

/** A validated message in the REST record's types; `dev_id` is the topic's panel. */
export function normaliseUpdate(update: PanelLiveUpdate, devId: number): PanelState {
  // A security notice (someone is guessing the panel's password) is no part of the panel record: left out here.
  const { armed, stayarmed, connected, motion, ahm1, ahm2, KLStatus, PartList, outs, security_notice, ...rest } =
    update;
  void security_notice;
  const state: PanelState = { ...rest, dev_id: devId };
  if (armed !== undefined) state.armed = bool(armed);
  if (stayarmed !== undefined) state.stayarmed = bool(stayarmed);
  if (connected !== undefined) state.connected = bool(connected);
  if (motion !== undefined) state.motion = bit(motion);
  if (ahm1 !== undefined) state.ahm1 = bit(ahm1);
  if (ahm2 !== undefined) state.ahm2 = bit(ahm2);
  if (KLStatus) {
    const kl: KlStatus = {};
    if (KLStatus.temp !== undefined) kl.temp = KLStatus.temp;
    for (const key of KL_FLAGS) {
      const value = KLStatus[key];
      if (value !== undefined) kl[key] = bit(value);
    }
    state.KLStatus = kl;
  }
  if (PartList) {
    state.PartList = PartList.map(({ armed: partArmed, ...part }): PartItem =>
      partArmed === undefined ? part : { ...part, armed: bool(partArmed) },
    );
  }
  if (outs) {
    state.outs = outs.map(({ out_no, out_status }): LiveOutputState =>
      out_status === undefined ? { out_no } : { out_no, out_status: bit(out_status) },
    );
  }
  return state;
}

/** Merges items of `incoming` into `current` by their number `key` (zone_no, out_no, partno), in number order. */
function mergeByKey<T extends object, K extends keyof T>(current: T[] | undefined, incoming: T[], key: K): T[] {
  const result = [...(current ?? [])];
  for (const item of incoming) {
    const index = result.findIndex((existing) => existing[key] === item[key]);
    if (index === -1) result.push(item);
    else result[index] = { ...result[index]!, ...item };
  }
  return result.sort((a, b) => Number(a[key]) - Number(b[key]));
}

/**
 * Merges a (normalised, partial) update into what is known of a panel: fields replace fields, `KLStatus` is
 * merged field by field, zones, outputs and partitions by their number (partitions beyond a new `partcount` go). Never changes its arguments.
 */
export function mergePanelState(current: PanelState | undefined, update: PanelState): PanelState {
  const next: PanelState = { ...current, ...update };
  if (current?.KLStatus && update.KLStatus) next.KLStatus = { ...current.KLStatus, ...update.KLStatus };
  if (update.zones) next.zones = mergeByKey(current?.zones, update.zones, 'zone_no');
  if (update.outs) next.outs = mergeByKey(current?.outs, update.outs, 'out_no');
  if (update.PartList) next.PartList = mergeByKey(current?.PartList, update.PartList, 'partno');
  // Partitions a panel no longer has (a new partition count) are not kept from an older message.
  const count = update.partcount;
  if (count !== undefined && next.PartList) next.PartList = next.PartList.filter((part) => part.partno <= count);
  return next;
}
