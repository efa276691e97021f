/**
 * The panel management list's rows (spec 1 §2 "Panel management list"): `GET command/devices/useralldevices` answers
 * every panel at once (unpaged, `{data}`), so the table's pages and its search are cut from that one answer
 * (shared/table/whole-list.ts) with the readers and the search here. The answer is read once and kept in the query
 * cache; a page or a search changes only what is shown, and the reload after a change (state, copy) reads the whole
 * list again.
 */
import type { PanelListRow } from '@generated/api/types.gen.ts';
import { foldText } from '../../../rules/fold-text.ts';

/** The firmware a row shows: the panel's own, else its device record's. */
export const firmwareOf = (row: PanelListRow): string | undefined => row.firm_ver ?? row.device_info?.firm_ver;

/** The model a row shows: the panel's own, else its device record's. */
export const modelOf = (row: PanelListRow): string | undefined => row.model || row.device_info?.model;

/** The last event a row shows: the panel's own, else its device record's. */
export const lastEventOf = (row: PanelListRow): string | undefined =>
  row.last_event_time ?? row.device_info?.last_event_time;

/** A date-time of the answer as a Date for the table (shown DD.MM.YYYY HH:mm, exported as a date), or undefined. */
export function toDate(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Whether a row matches the search text: its device id, description, model or firmware contains it. */
export function matchesPanel(row: PanelListRow, search: string): boolean {
  const needle = foldText(search.trim());
  if (!needle) return true;
  return [String(row.dev_id), row.description, modelOf(row) ?? '', firmwareOf(row) ?? ''].some((field) =>
    foldText(field).includes(needle),
  );
}
