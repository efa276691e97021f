/**
 * The settings groups of a panel's programming and the records of each (spec 2 §2, §7), read from the contract's
 * form registry: a group is a `openapi/settings/NN-<slug>.json` schema, and a group of several records says so with
 * `x-records` (what they are, the field holding a record's number, whether people count them from one); their
 * numbers are those the field's schema allows, or the alarm codes of the alarm description list. Every other group
 * has one record, 0. The panel message (group -1) is not a setting and has no records here.
 */
import { settingsFormIndex } from '@generated/settings/index.ts';

type IndexEntry = (typeof settingsFormIndex)[number];
type Records = NonNullable<IndexEntry['records']>;

/** The settings groups of a panel's programming, in order. */
export const SETTINGS_GROUP_NUMBERS: readonly number[] = settingsFormIndex
  .map((entry) => entry.group)
  .filter((group) => group >= 0);

const recordsByGroup = new Map<number, Records>(
  settingsFormIndex.flatMap((entry): [number, Records][] => (entry.records ? [[entry.group, entry.records]] : [])),
);

/** The group whose records are the alarm codes of the `getAlarmDescriptions` list. */
export const ALARM_GROUP: number = (() => {
  const found = [...recordsByGroup].find(([, records]) => records.list === 'getAlarmDescriptions');
  if (!found) throw new Error('No settings group takes its records from the alarm description list');
  return found[0];
})();

export const isSettingsGroup = (group: number): boolean => SETTINGS_GROUP_NUMBERS.includes(group);

/** The records of a group, in order; the alarm group's are the alarm codes (each once, ascending). */
export function recordsOf(group: number, alarmCodes: readonly number[]): number[] {
  if (!isSettingsGroup(group)) return [];
  const records = recordsByGroup.get(group);
  if (!records) return [0];
  if (records.numbers) return [...records.numbers];
  return [...new Set(alarmCodes.filter((code) => Number.isSafeInteger(code) && code >= 0))].sort((a, b) => a - b);
}

/** What a group's records are, to name one: a zone, a keypad, … ; undefined for a group of one record. */
export type RecordKind = Records['kind'];

export const recordKind = (group: number): RecordKind | undefined => recordsByGroup.get(group)?.kind;

/**
 * The field of a record that holds its own number (the read echoes the record: zone 2 says `zone_no` 2); the write
 * addresses the record by `member` / `list_id`, so a record whose number field names another record is not its own.
 */
export const recordNumberField = (group: number): string | undefined => recordsByGroup.get(group)?.field;

/**
 * A record's number as people know it: zones, keypads, outputs and monitoring centres count from 1 (zone 3 is
 * record 2), panel users and programs as they are stored (user 0 is the programmer entry), an alarm by its code.
 */
export function recordNumber(group: number, record: number): number {
  return recordsByGroup.get(group)?.shownFromOne ? record + 1 : record;
}
