/**
 * A settings group's title (from the settings texts) and a record as people know it (zone 3, keypad 1, user 0,
 * alarm 'Fire'): the templates' results, the programming queue's items and their notifications name records so.
 */
import { settingsFormIndex } from '@generated/settings/index.ts';
import { recordKind, recordNumber } from './settings-records.ts';
import type { Translate } from './settings-texts.ts';

const slugs = new Map<number, string>(settingsFormIndex.map((entry) => [entry.group, entry.slug]));

/** A group's title (`settings.<slug>.title`; the settings texts load with the forms). */
export const groupTitle = (tt: Translate, group: number): string => {
  const slug = slugs.get(group);
  return slug ? tt(`settings.${slug}.title`) : tt('programming.templates.group', { group });
};

/** The alarm names of the alarm description list, by code. */
export type AlarmNames = ReadonlyMap<number, string>;

/** A record as people know it (zone 3, keypad 1, user 0, alarm 'Fire'); empty for a group of one record. */
export function recordLabel(tt: Translate, group: number, record: number, alarmNames?: AlarmNames): string {
  const kind = recordKind(group);
  if (!kind) return '';
  const number = recordNumber(group, record);
  const name = kind === 'alarm' ? alarmNames?.get(record) : undefined;
  return name
    ? tt('programming.templates.records.alarmNamed', { number, name })
    : tt(`programming.templates.records.${kind}`, { number });
}

/** A group with its record, when the group has several. */
export const groupRecordLabel = (tt: Translate, group: number, record: number, alarmNames?: AlarmNames): string => {
  const label = recordLabel(tt, group, record, alarmNames);
  return label ? `${groupTitle(tt, group)} › ${label}` : groupTitle(tt, group);
};
