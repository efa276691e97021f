/**
 * The generated settings form registry: one form per settings group of the contract (and the panel message), each with a
 * standalone schema that RJSF's AJV validator compiles, that accepts the contract's read example of the group
 * and rejects a value that breaks the group's rules, and with a uiSchema carrying the i18n keys.
 */
import { describe, expect, it } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { RJSFSchema } from '@rjsf/utils';
import { settingsFormIndex, settingsFormLoaders } from '../generated/settings/index.ts';
import { settingsRecords } from './settings-forms.ts';
import { Contract } from '../mocks/contract.ts';
import { settingsGroupNumbers } from '../tests/contract/contract-loader.ts';

const validator = customizeValidator({ AjvClass: Ajv2020 as never, ajvOptionsOverrides: { strict: false } });
const contract = Contract.load();
const readExamples = contract.responseExamples(contract.byId('getPanelSettings'));

const exampleData = (group: number): Record<string, unknown> => {
  const name = [...readExamples.keys()].find((key) => key.startsWith(`group-${group}-`));
  const value = readExamples.get(name ?? '')?.example.value as { data?: Record<string, unknown> } | undefined;
  if (!value?.data) throw new Error(`no read example for group ${group}`);
  return value.data;
};

/** A value that breaks each group's rules (one field, from spec 2 §5 and §9). */
const BREAKERS: Record<number, (data: Record<string, unknown>) => Record<string, unknown>> = {
  0: (d) => ({ ...d, name: 'Giriş/Kapı' }),
  1: (d) => ({ ...d, light_level: 11 }),
  2: (d) => ({ ...d, keypad: '1101' }),
  3: (d) => ({ ...d, use_domainname: false, ip: '10.0.0' }),
  4: (d) => ({ ...d, prm1: 'abc' }),
  5: (d) => ({ ...d, timeout: 1.5 }),
  6: (d) => ({ ...d, entry_delay_time: 'ten' }),
  7: (d) => ({ ...d, event_code: 'ABC' }),
  8: (d) => ({ ...d, aim: 7 }),
  9: (d) => ({ ...d, invoice_day: -1 }),
  10: (d) => ({ ...d, dhcp: 'yes' }),
  11: (d) => ({ ...d, aim: -1 }),
  12: (d) => ({ ...d, description: 'Ev@' }),
  13: (d) => ({ ...d, use_domain: false, ip: '1234.1.1.1' }),
  14: (d) => ({ ...d, enabled: 'on' }),
  15: (d) => ({ ...d, keypad_count: 2.5 }),
  16: (d) => ({ ...d, lang: 2 }),
  17: (d) => ({ ...d, test_period: 8 }),
  18: (d) => ({ ...d, sms_send_enabled: 1 }),
  19: (d) => ({ ...d, dns1: 42 }),
  20: (d) => ({ ...d, domain_rmt: 7 }),
  21: (d) => ({ ...d, ssid: 42 }),
};

/** The contract's settings groups, one per `openapi/settings/NN-<slug>.json`. */
const GROUPS = settingsGroupNumbers();

describe('settings form registry', () => {
  it('has a form for every settings group of the contract and the panel message', () => {
    expect(settingsFormIndex.map((form) => form.group)).toEqual([-1, ...GROUPS]);
    expect(Object.keys(settingsFormLoaders)).toHaveLength(GROUPS.length + 1);
  });

  it.each(GROUPS)('group %i: the form accepts the read example and refuses a broken value', async (group) => {
    const form = await settingsFormLoaders[group]!();
    const schema = form.schema as RJSFSchema;
    const data = exampleData(group);
    expect(validator.validateFormData(data, schema).errors).toEqual([]);
    const breaker = BREAKERS[group];
    expect(breaker, 'a value breaking the new group (BREAKERS above)').toBeDefined();
    expect(validator.validateFormData(breaker!(data), schema).errors.length).toBeGreaterThan(0);
  });

  it.each(GROUPS)('group %i: every field has a translatable title', async (group) => {
    const form = await settingsFormLoaders[group]!();
    const properties = (form.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const ui = form.uiSchema as Record<string, { 'ui:options'?: { i18nKey?: string } }>;
    for (const [field, property] of Object.entries(properties)) {
      const resolved = property;
      expect(typeof resolved.title === 'string' || typeof resolved.$ref === 'string', `${field} title`).toBe(true);
      expect(ui[field]?.['ui:options']?.i18nKey, `${field} i18n key`).toMatch(new RegExp(`^${form.i18nPrefix}\\.`));
    }
  });

  it('the panel message form keeps the message rules (period >= 60, duration >= 10, sound required)', async () => {
    const form = await settingsFormLoaders[-1]!();
    const schema = form.schema as RJSFSchema;
    const valid = { dev_id: 864215040012345, message: 'Merhaba', period: 60, duration: 60, count: 5, sound: 255 };
    expect(validator.validateFormData(valid, schema).errors).toEqual([]);
    expect(validator.validateFormData({ ...valid, period: 59 }, schema).errors.length).toBeGreaterThan(0);
    expect(validator.validateFormData({ ...valid, duration: 9 }, schema).errors.length).toBeGreaterThan(0);
    const { sound: _sound, ...withoutSound } = valid;
    expect(validator.validateFormData(withoutSound, schema).errors.length).toBeGreaterThan(0);
  });
});

describe('the records of a settings group (x-records)', () => {
  type Schema = Parameters<typeof settingsRecords>[1];
  const schema = (
    field: Record<string, unknown>,
    records: unknown = { kind: 'zone', field: 'no', shownFromOne: true },
  ) =>
    ({
      'x-records': records,
      properties: { no: { $ref: '#/$defs/No', title: 'Number' } },
      $defs: { No: field },
    }) as Schema;

  it('reads the numbers from the field: its oneOf constants, or its minimum to maximum', () => {
    expect(settingsRecords('A', schema({ type: 'integer', minimum: 0, maximum: 3 }))).toEqual({
      kind: 'zone',
      field: 'no',
      shownFromOne: true,
      numbers: [0, 1, 2, 3],
      list: null,
    });
    expect(settingsRecords('A', schema({ oneOf: [{ const: 0 }, { const: 1 }] }))?.numbers).toEqual([0, 1]);
    expect(settingsRecords('A', schema({ type: 'integer', minimum: 0, 'x-ui-lookup': 'getList' }))).toMatchObject({
      numbers: null,
      list: 'getList',
    });
  });

  it('is null for a group of one record and refuses what it cannot read', () => {
    expect(settingsRecords('A', { properties: {} } as Schema)).toBeNull();
    expect(() => settingsRecords('A', schema({ type: 'integer', minimum: 0 }))).toThrow(/neither its numbers/);
    expect(() =>
      settingsRecords('A', schema({ type: 'integer' }, { kind: 'zone', field: 'other', shownFromOne: true })),
    ).toThrow(/not a property/);
    expect(() => settingsRecords('A', schema({ type: 'integer' }, { kind: 'zone' }))).toThrow(/needs kind/);
  });

  it("gives the contract's groups their records: zones 0-18, the two centres, the alarm codes of the list", () => {
    const records = new Map(settingsFormIndex.map((entry) => [entry.group, entry.records]));
    expect(records.get(0)).toMatchObject({
      kind: 'zone',
      field: 'zone_no',
      numbers: Array.from({ length: 19 }, (_, i) => i),
    });
    expect(records.get(3)).toMatchObject({ kind: 'cms', numbers: [0, 1], shownFromOne: true });
    expect(records.get(5)).toMatchObject({ kind: 'alarm', numbers: null, list: 'getAlarmDescriptions' });
    expect(records.get(6)).toBeNull();
  });
});
