/**
 * What a panel shows: the record the API answered with the live feed's latest state merged over it. The live
 * store already normalises the feed's 0/1 flags to the contract's booleans, so a view has one type.
 */
import type { PanelListRow, PanelState } from '@generated/api/types.gen.ts';

export type PanelView = PanelListRow;

export function mergePanelView(row: PanelListRow, live: PanelState | undefined): PanelView {
  if (!live) return row;
  return {
    ...row,
    ...live,
    dev_id: row.dev_id,
    KLStatus: row.KLStatus || live.KLStatus ? { ...row.KLStatus, ...live.KLStatus } : undefined,
  };
}

/** A model name ending in G has a GSM module (spec 1 §3). */
export const hasGsm = (model: string | undefined): boolean => /g$/i.test(model?.trim() ?? '');

/** A flag of a panel: the contract's boolean, or the panels' 0/1. */
export const flagOn = (flag: unknown): boolean => flag === true || flag === 1;
