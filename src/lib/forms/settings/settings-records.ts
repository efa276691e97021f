/**
 * The records of each settings group that a whole programming reads and writes (spec 2 §2, §7): zones 0-18,
 * keypads 0-3, panel users 0-19, monitoring centres 0-1, outputs 0-9, one alarm setting per alarm code of the
 * alarm description list, programs 0-7 (automation and timed arm); every other group has one record, 0.
 * The panel message (group -1) is not a setting and has no records here.
 */

/** The settings groups of a panel's programming, in order. */
export const SETTINGS_GROUP_NUMBERS: readonly number[] = Array.from({ length: 22 }, (_, group) => group);

/** The group whose records are the alarm codes of the `getAlarmDescriptions` list. */
export const ALARM_GROUP = 5;

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** How many records a numbered group has (records 0 to count - 1). */
const RECORD_COUNTS: Readonly<Record<number, number>> = { 0: 19, 1: 4, 2: 20, 3: 2, 4: 10, 8: 8, 12: 8 };

export const isSettingsGroup = (group: number): boolean => SETTINGS_GROUP_NUMBERS.includes(group);

/** The records of a group, in order; the alarm group's are the alarm codes (each once, ascending). */
export function recordsOf(group: number, alarmCodes: readonly number[]): number[] {
  if (!isSettingsGroup(group)) return [];
  if (group === ALARM_GROUP) {
    return [...new Set(alarmCodes.filter((code) => Number.isSafeInteger(code) && code >= 0))].sort((a, b) => a - b);
  }
  return range(RECORD_COUNTS[group] ?? 1);
}

/** What a group's records are, to name one: a zone, a keypad, … ; undefined for a group of one record. */
export type RecordKind = 'zone' | 'keypad' | 'user' | 'cms' | 'output' | 'alarm' | 'program';

const KINDS: Readonly<Record<number, RecordKind>> = {
  0: 'zone',
  1: 'keypad',
  2: 'user',
  3: 'cms',
  4: 'output',
  5: 'alarm',
  8: 'program',
  12: 'program',
};

export const recordKind = (group: number): RecordKind | undefined => KINDS[group];

/** The field of a record that holds its own number (shared with the mock). */
export { recordNumberField } from '../../../../rules/record-numbers.ts';

/**
 * A record's number as people know it: zones, keypads, outputs and monitoring centres count from 1 (zone 3 is
 * record 2), panel users and programs as they are stored (user 0 is the programmer entry), an alarm by its code.
 */
export function recordNumber(group: number, record: number): number {
  const kind = recordKind(group);
  return kind === 'zone' || kind === 'keypad' || kind === 'output' || kind === 'cms' ? record + 1 : record;
}
