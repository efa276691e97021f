/**
 * The lists of a panel that show its programmed records (spec 1 §2, spec 2 §3): the zone, keypad, panel user and
 * output lists name (and, for zones, enable) the records of settings groups 0, 1, 2 and 4. A panel holds one truth:
 * a record written through programming shows in its list, and a quick update of a list row (name, active) is a
 * change of the record it lists. The contract says which of a list's fields are which record fields.
 */
import type { Contract } from './contract.ts';

export interface RecordList {
  /** The list's GET operation. */
  operationId: string;
  /** The settings group whose records the list shows. */
  group: number;
  /** The panel's list (a GET operation's path). */
  path: string;
  /** The field of a list row that holds the record's number (also the record's own number field). */
  numberField: string;
  /** Record field → the list row's field showing it. */
  fields: Readonly<Record<string, string>>;
}

/**
 * The lists a contract declares (`x-settings-records` on a GET: `{ group, number, fields }`), read from it: the
 * contract states which list shows which group's records and fields, the mock and the conformance check read it.
 */
export function recordLists(contract: Contract): RecordList[] {
  return contract.operations.flatMap((operation) => {
    const declared = operation.spec['x-settings-records'];
    if (operation.method !== 'get' || !isObject(declared)) return [];
    const { group, number, fields } = declared;
    if (typeof group !== 'number' || typeof number !== 'string' || !isObject(fields)) return [];
    const named = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    return [
      {
        operationId: operation.operationId,
        group,
        path: operation.path,
        numberField: number,
        fields: Object.fromEntries(named),
      },
    ];
  });
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
