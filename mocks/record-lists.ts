/**
 * The lists of a panel that show its programmed records (spec 1 §2, spec 2 §3): the zone, keypad, panel user and
 * output lists name (and, for zones, enable) the records of settings groups 0, 1, 2 and 4. A panel holds one truth:
 * a record written through programming shows in its list, and a quick update of a list row (name, active) is a
 * change of the record it lists. Each list says which of its fields are which record fields.
 */

export interface RecordList {
  /** The settings group whose records the list shows. */
  group: number;
  /** The panel's list (a GET operation's path). */
  path: string;
  /** The field of a list row that holds the record's number (also the record's own number field). */
  numberField: string;
  /** Record field → the list row's field showing it. */
  fields: Readonly<Record<string, string>>;
}

export const RECORD_LISTS: readonly RecordList[] = [
  { group: 0, path: '/command/devices/{id}/zones', numberField: 'zone_no', fields: { name: 'name', active: 'active' } },
  { group: 1, path: '/command/devices/{id}/keypads', numberField: 'keypad_no', fields: { name: 'name' } },
  { group: 2, path: '/command/devices/{id}/users', numberField: 'user_no', fields: { uname: 'name' } },
  { group: 4, path: '/command/devices/{id}/outs', numberField: 'out_no', fields: { name: 'name' } },
];

export const recordListOfPath = (path: string): RecordList | undefined =>
  RECORD_LISTS.find((list) => list.path === path);

export const recordListOfGroup = (group: number): RecordList | undefined =>
  RECORD_LISTS.find((list) => list.group === group);

type Fields = Record<string, unknown>;

/** A list row with the record's fields it shows (those the record has). */
export function rowFromRecord(list: RecordList, row: Fields, record: Fields): Fields {
  const shown = Object.entries(list.fields).filter(([recordField]) => recordField in record);
  return { ...row, ...Object.fromEntries(shown.map(([recordField, rowField]) => [rowField, record[recordField]])) };
}

/** The record fields a list row's fields change (a quick update's name and active; active only where a record has it). */
export function recordFromRow(list: RecordList, row: Fields): Fields {
  const changed = Object.entries(list.fields).filter(([, rowField]) => rowField in row);
  return Object.fromEntries(changed.map(([recordField, rowField]) => [recordField, row[rowField]]));
}
