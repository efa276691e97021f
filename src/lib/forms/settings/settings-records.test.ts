import { describe, expect, it } from 'vitest';
import { settingsFormIndex } from '@generated/settings/index.ts';
import {
  ALARM_GROUP,
  SETTINGS_GROUP_NUMBERS,
  recordKind,
  recordNumber,
  recordNumberField,
  recordsOf,
} from './settings-records.ts';

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('settings records', () => {
  it('lists the records of the numbered groups', () => {
    expect(recordsOf(0, [])).toEqual(range(19));
    expect(recordsOf(1, [])).toEqual(range(4));
    expect(recordsOf(2, [])).toEqual(range(20));
    expect(recordsOf(3, [])).toEqual([0, 1]);
    expect(recordsOf(4, [])).toEqual(range(10));
    expect(recordsOf(8, [])).toEqual(range(8));
    expect(recordsOf(12, [])).toEqual(range(8));
  });

  it('gives every other settings group one record, 0', () => {
    for (const group of [6, 7, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21])
      expect(recordsOf(group, [1, 2])).toEqual([0]);
  });

  it('makes the alarm codes the records of the alarm group, each once and in order', () => {
    expect(recordsOf(ALARM_GROUP, [7, 3, 3, 12, -1, 1.5])).toEqual([3, 7, 12]);
    expect(recordsOf(ALARM_GROUP, [])).toEqual([]);
  });

  it('has no records for the panel message or a group that does not exist', () => {
    expect(recordsOf(-1, [1])).toEqual([]);
    expect(recordsOf(22, [1])).toEqual([]);
  });

  it('covers exactly the settings groups of the registry (not the panel message)', () => {
    const registry = settingsFormIndex.map((entry) => entry.group).filter((group) => group >= 0);
    expect([...SETTINGS_GROUP_NUMBERS]).toEqual(registry);
  });

  it('names records as people know them', () => {
    expect(recordKind(0)).toBe('zone');
    expect(recordKind(12)).toBe('program');
    expect(recordKind(9)).toBeUndefined();
    expect(recordNumber(0, 2)).toBe(3);
    expect(recordNumber(3, 0)).toBe(1);
    expect(recordNumber(2, 0)).toBe(0);
    expect(recordNumber(5, 17)).toBe(17);
    expect(recordNumber(8, 4)).toBe(4);
    expect(recordNumberField(0)).toBe('zone_no');
    expect(recordNumberField(9)).toBeUndefined();
  });
});
