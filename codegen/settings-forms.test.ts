/**
 * The generated settings form registry: one form per group 0-21 (and the panel message), each with a
 * standalone schema that RJSF's AJV validator compiles, that accepts the contract's read example of the group
 * and rejects a value that breaks the group's rules, and with a uiSchema carrying the i18n keys.
 */
import { describe, expect, it } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { RJSFSchema } from '@rjsf/utils';
import { settingsFormIndex, settingsFormLoaders } from '../generated/settings/index.ts';
import { Contract } from '../mocks/contract.ts';

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

describe('settings form registry', () => {
  it('has a form for every group 0-21 and the panel message', () => {
    expect(settingsFormIndex.map((form) => form.group)).toEqual([-1, ...Array.from({ length: 22 }, (_, i) => i)]);
    expect(Object.keys(settingsFormLoaders)).toHaveLength(23);
  });

  it.each(Array.from({ length: 22 }, (_, group) => group))(
    'group %i: the form accepts the read example and refuses a broken value',
    async (group) => {
      const form = await settingsFormLoaders[group]!();
      const schema = form.schema as RJSFSchema;
      const data = exampleData(group);
      expect(validator.validateFormData(data, schema).errors).toEqual([]);
      expect(validator.validateFormData(BREAKERS[group]!(data), schema).errors.length).toBeGreaterThan(0);
    },
  );

  it.each(Array.from({ length: 22 }, (_, group) => group))(
    'group %i: every field has a translatable title',
    async (group) => {
      const form = await settingsFormLoaders[group]!();
      const properties = (form.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const ui = form.uiSchema as Record<string, { 'ui:options'?: { i18nKey?: string } }>;
      for (const [field, property] of Object.entries(properties)) {
        const resolved = property;
        expect(typeof resolved.title === 'string' || typeof resolved.$ref === 'string', `${field} title`).toBe(true);
        expect(ui[field]?.['ui:options']?.i18nKey, `${field} i18n key`).toMatch(new RegExp(`^${form.i18nPrefix}\\.`));
      }
    },
  );

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
