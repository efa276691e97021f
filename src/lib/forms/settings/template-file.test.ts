import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { settingsFormLoaders } from '@generated/settings/index.ts';
import type { JsonObject } from '@generated/settings/types.ts';
import { recordNumberField, recordsOf, SETTINGS_GROUP_NUMBERS } from './settings-records.ts';
import {
  buildTemplate,
  parseTemplate,
  templateFileName,
  templateGroupNumbers,
  templateJson,
  templateRecords,
  type TemplateChecks,
  type TemplateForm,
  type TemplateRecord,
} from './template-file.ts';

const ALARM_CODES = [0, 1, 2, 17];
const checks: TemplateChecks = { alarmCodes: ALARM_CODES };
const forms: Record<number, TemplateForm> = {};
/** The contract's example read of each group (what a panel answers). */
const examples: Record<number, JsonObject> = {};

beforeAll(async () => {
  for (const group of SETTINGS_GROUP_NUMBERS) forms[group] = await settingsFormLoaders[group]!();
  const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
    paths: Record<string, { post: { responses: { 200: { content: Record<string, { examples: JsonObject }> } } } }>;
  };
  const found = contract.paths['/command/devices/getpanelsettings']!.post.responses[200].content['application/json']!
    .examples as Record<string, { value: { data: JsonObject } }>;
  for (const group of SETTINGS_GROUP_NUMBERS) {
    const name = Object.keys(found).find((key) => key.startsWith(`group-${group}-`))!;
    examples[group] = found[name]!.value.data;
  }
});

/** Every record of every group, as the panel would answer it (the example made the record's). */
const wholeProgramming = (): TemplateRecord[] =>
  SETTINGS_GROUP_NUMBERS.flatMap((group) =>
    recordsOf(group, ALARM_CODES).map((record) => {
      const field = recordNumberField(group);
      return { group, record, data: { ...examples[group]!, ...(field ? { [field]: record } : {}) } };
    }),
  );

const panel = { devId: 864215040012345, model: 'MX-8G', description: 'Ev' };
const at = new Date('2025-03-04T05:06:07.000Z');
const template = () => buildTemplate({ panel, records: wholeProgramming(), forms, exportedAt: at });
const parse = (value: unknown) =>
  parseTemplate(typeof value === 'string' ? value : JSON.stringify(value), forms, checks);
const withGroups = (groups: unknown) => ({ ...template(), groups });

describe('template file', () => {
  it('writes the format, the version, the time, the panel and every record by group and record', () => {
    const built = template();
    expect(built.format).toBe('alarm-console-programming');
    expect(built.schemaVersion).toBe(1);
    expect(built.exportedAt).toBe('2025-03-04T05:06:07.000Z');
    expect(built.panel).toEqual(panel);
    expect(templateGroupNumbers(built)).toEqual([...SETTINGS_GROUP_NUMBERS]);
    expect(Object.keys(built.groups['0']!)).toHaveLength(19);
    expect(Object.keys(built.groups['5']!)).toEqual(['0', '1', '2', '17']);
    expect(built.groups['9']).toEqual({ '0': examples[9] });
  });

  it('keeps only the fields of the schema, and leaves out a group without a form', () => {
    const built = buildTemplate({
      panel: { devId: 1, model: '', description: undefined },
      records: [
        { group: 9, record: 0, data: { ...examples[9]!, Err: 0, user_pass: '1234' } },
        { group: 30, record: 0, data: { x: 1 } },
      ],
      forms,
      exportedAt: at,
    });
    expect(built.panel).toEqual({ devId: 1 });
    expect(built.groups).toEqual({ '9': { '0': examples[9] } });
  });

  it('reads back what it wrote', () => {
    const built = template();
    const parsed = parse(templateJson(built));
    expect(parsed).toEqual({ ok: true, template: built });
    expect(templateRecords(built)).toEqual(
      wholeProgramming().map((entry) => ({ ...entry, data: built.groups[entry.group]![entry.record]! })),
    );
  });

  it('names the file by panel and local date', () => {
    expect(templateFileName(42, new Date(2025, 0, 9, 23, 59))).toBe('programming-42-2025-01-09.json');
  });

  it('refuses what is not JSON or not a programming template', () => {
    expect(parse('{ nope')).toEqual({ ok: false, error: 'programming.templates.errors.notJson' });
    expect(parse('')).toMatchObject({ ok: false, error: 'programming.templates.errors.notJson' });
    for (const foreign of [[], '"text"', 'null', 42, { groups: {} }, { ...template(), format: 'other-console' }]) {
      expect(parse(foreign)).toMatchObject({ ok: false, error: 'programming.templates.errors.wrongFormat' });
    }
  });

  it('refuses a version it does not know', () => {
    expect(parse({ ...template(), schemaVersion: 2 })).toEqual({
      ok: false,
      error: 'programming.templates.errors.unsupportedVersion',
      detail: { values: { version: '2' } },
    });
  });

  it('refuses a file whose panel, time or groups are not as described', () => {
    const malformed = { ok: false, error: 'programming.templates.errors.malformed' };
    expect(parse({ ...template(), panel: { devId: 'x' } })).toMatchObject(malformed);
    expect(parse({ ...template(), panel: undefined })).toMatchObject(malformed);
    expect(parse({ ...template(), exportedAt: 'yesterday' })).toMatchObject(malformed);
    expect(parse(withGroups([]))).toMatchObject(malformed);
    expect(parse(withGroups({ '9': [] }))).toMatchObject(malformed);
    expect(parse(withGroups({ '9': { '0': 'on' } }))).toMatchObject(malformed);
  });

  it('refuses a group that does not exist', () => {
    for (const group of ['22', '-1', '01', 'zones', '1e1']) {
      expect(parse(withGroups({ [group]: { '0': {} } }))).toEqual({
        ok: false,
        error: 'programming.templates.errors.unknownGroup',
        detail: { values: { group } },
      });
    }
  });

  it('refuses a record out of its group’s range', () => {
    for (const [group, record] of [
      ['0', '19'],
      ['1', '4'],
      ['6', '1'],
      ['5', '3'],
      ['8', '-1'],
      ['2', '1.0'],
    ] as const) {
      expect(parse(withGroups({ [group]: { [record]: { ...examples[Number(group)]! } } }))).toEqual({
        ok: false,
        error: 'programming.templates.errors.recordOutOfRange',
        detail: { values: { group: Number(group), record } },
      });
    }
  });

  it('refuses a record whose number field names another record', () => {
    expect(parse(withGroups({ '0': { '3': { ...examples[0]!, zone_no: 4 } } }))).toEqual({
      ok: false,
      error: 'programming.templates.errors.recordMismatch',
      detail: { values: { group: 0, record: '3' } },
    });
  });

  it('refuses values the group’s schema refuses, naming the first records and their fields', () => {
    const groups = template().groups;
    groups['5']!['17'] = { ...groups['5']!['17']!, timeout: -3 };
    groups['9']!['0'] = { ...groups['9']!['0']!, invoice_day: 'many' };
    const parsed = parse(withGroups(groups));
    expect(parsed).toMatchObject({
      ok: false,
      error: 'programming.templates.errors.invalidValues',
      detail: { values: { count: 2 } },
    });
    if (parsed.ok) return;
    expect(parsed.detail?.invalid?.map(({ group, record }) => [group, record])).toEqual([
      [5, 17],
      [9, 0],
    ]);
    expect(parsed.detail?.invalid?.[0]?.fields).toEqual([['settings.alarm.timeout']]);
  });

  it('names at most five refused records', () => {
    const groups = template().groups;
    for (const record of Object.keys(groups['0']!)) groups['0']![record] = { ...groups['0']![record]!, zone_type: 'x' };
    const parsed = parse(withGroups(groups));
    expect(parsed).toMatchObject({ ok: false, detail: { values: { count: 19 } } });
    if (!parsed.ok) expect(parsed.detail?.invalid).toHaveLength(5);
  });

  it('refuses a template without any record, and drops fields the schema does not have', () => {
    expect(parse(withGroups({}))).toMatchObject({ ok: false, error: 'programming.templates.errors.empty' });
    expect(parse(withGroups({ '9': {} }))).toMatchObject({ ok: false, error: 'programming.templates.errors.empty' });
    const parsed = parse(withGroups({ '9': { '0': { ...examples[9]!, dev_id: 5, user_pass: '0000' } } }));
    expect(parsed).toMatchObject({ ok: true, template: { groups: { '9': { '0': examples[9] } } } });
  });
});
