import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import LANGUAGE_LIST from '../../../../locales/languages.json';
import { settingsGroupNumbers } from '../../../../tests/contract/contract-loader.ts';
import {
  ALARM_GROUP,
  SETTINGS_GROUP_NUMBERS,
  recordKind,
  recordNumber,
  recordNumberField,
  recordsOf,
} from './settings-records.ts';

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

const locale = (language: string) =>
  JSON.parse(readFileSync(`locales/${language}.json`, 'utf8')) as {
    programming: { templates: { records: Record<string, string> } };
  };

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
    expect(recordsOf(Math.max(...settingsGroupNumbers()) + 1, [1])).toEqual([]);
  });

  it("covers exactly the contract's settings groups, one per group file (not the panel message)", () => {
    expect(settingsGroupNumbers().length).toBeGreaterThan(0);
    expect([...SETTINGS_GROUP_NUMBERS]).toEqual(settingsGroupNumbers());
  });

  it('has a text in each language for every kind of record', () => {
    const kinds = new Set(SETTINGS_GROUP_NUMBERS.map(recordKind).filter((kind) => kind !== undefined));
    for (const { code: language } of LANGUAGE_LIST)
      for (const kind of kinds) expect(locale(language).programming.templates.records[kind], kind).toBeTruthy();
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
