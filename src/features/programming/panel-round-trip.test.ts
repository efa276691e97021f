/**
 * Anything a panel can report reads back into its form and saves unchanged, without an error. For each
 * settings group, values a panel can report are generated from the group's panel side (generated/settings/
 * panel-side.ts: the contract's types and `x-panel-holds`, never the form's rules) with their edges: empty names,
 * 00000000 and 11111111 keypad flags, no day and every day, the lowest and highest numbers, every listed value, the
 * shortest and longest texts. Each goes the way of a read into the form and out as a write:
 *  - RJSF starts the form from the read (`getDefaultFormState`, as its Form does with `initialFormData`): it holds
 *    exactly what the panel sent, an empty text as an empty text;
 *  - the form's check (`formChecker`, all the validation the form runs on Save) finds no error and no change;
 *  - the write body carries every value unchanged, and the contract's body of the group's write call accepts it.
 * The panel message is not read from a panel (it starts from its defaults), so it has no panel side.
 */
import { describe, expect, it } from 'vitest';
import { getDefaultFormState, type RJSFSchema, type RJSFValidationError } from '@rjsf/utils';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { settingsFormIndex, settingsFormLoaders } from '@generated/settings/index.ts';
import { panelSideSchemas } from '@generated/settings/panel-side.ts';
import type { JsonObject } from '@generated/settings/types.ts';
import { Contract } from '../../../mocks/contract.ts';
import { createContractAjv, pointer, settingsGroupNumbers } from '../../../tests/contract/contract-loader.ts';
import { panelRecords, type PanelRecord } from '../../../tests/support/panel-values.ts';
import { schemaFields, writeBody } from '../../lib/forms/settings/settings-body.ts';
import { recordNumberField } from '../../lib/forms/settings/settings-records.ts';
import { schemaTranslate } from '../../lib/forms/settings/settings-texts.ts';
import { formChecker } from './form-check.ts';

const GROUPS = settingsFormIndex.filter((entry) => entry.group >= 0);
/** Random records per group, after the edges. */
const RANDOM_RECORDS = 40;
/** The messages do not matter here, only whether there are any: each is its key. */
const t = schemaTranslate((key: string) => key);

const panelAjv = new Ajv2020({ strict: false, allErrors: true });
const contract = Contract.load();
const contractAjv = createContractAjv(contract.document);
const writeSchema = (operationId: string) => {
  const op = contract.byId(operationId);
  const ref = `contract#/paths/${pointer(op.path)}/${op.method}/requestBody/content/${pointer('application/json')}/schema`;
  const validate = contractAjv.getSchema(ref);
  if (!validate) throw new Error(`no request schema for ${operationId}`);
  return validate;
};

const recordsOf = (group: number): PanelRecord[] => {
  const schema = panelSideSchemas[group];
  if (!schema) throw new Error(`no panel side for group ${group}`);
  const isPanelValue = panelAjv.compile(schema);
  return panelRecords(schema, { seed: 0x21_02 + group, random: RANDOM_RECORDS, isPanelValue: (v) => isPanelValue(v) });
};

const describeErrors = (errors: RJSFValidationError[]) =>
  errors.map((error) => `${error.property ?? ''} ${error.name ?? ''} ${JSON.stringify(error.params)}`);

describe('what a panel reports reads back into its form and saves unchanged', () => {
  it('has the panel side of every settings group of the contract', () => {
    expect(Object.keys(panelSideSchemas).map(Number)).toEqual(GROUPS.map((entry) => entry.group));
    expect(GROUPS.map((entry) => entry.group)).toEqual(settingsGroupNumbers());
  });

  it.each(GROUPS.map((entry) => [entry.group, entry.slug] as const))('group %i (%s)', async (group) => {
    const form = await settingsFormLoaders[group]!();
    const schema = form.schema as RJSFSchema;
    const validateWrite = writeSchema(form.setOperation!);
    const target = { devId: 864215040012345, password: '1234', record: 0 };
    const records = recordsOf(group);
    for (const { label, value } of records) {
      const start = getDefaultFormState(form.validator, schema, value, schema) as JsonObject;
      expect(start, `${label}: the form starts from what the panel sent`).toEqual(value);

      const check = formChecker(form, value, t)(start);
      expect(describeErrors(check.errors), `${label}: ${JSON.stringify(value)}`).toEqual([]);
      expect(check.changes, label).toEqual([]);

      const numberField = recordNumberField(group);
      const record = numberField ? Number(value[numberField]) : 0;
      const body = writeBody(form, { ...target, record }, start);
      expect(schemaFields(form, body), `${label}: written unchanged`).toEqual(value);
      expect(validateWrite(body), `${label}: ${JSON.stringify(validateWrite.errors)}`).toBe(true);
    }
  });

  it('draws the edges a panel reports: empty names, no keypad, no day, zero and the highest numbers', () => {
    const values = (group: number, field: string) =>
      recordsOf(group).map(({ value }) =>
        field.split('.').reduce<unknown>((node, key) => (node as JsonObject)[key], value),
      );
    expect(values(0, 'name')).toContain('');
    for (const field of ['entry_chime_keypad', 'exit_chime_keypad', 'light_keypad', 'warn_keypad']) {
      expect(values(0, field)).toEqual(expect.arrayContaining(['00000000', '11111111']));
    }
    expect(values(2, 'keypad')).toContain('00000000');
    expect(values(2, 'uname')).toContain('');
    const noDay = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, false]),
    );
    for (const group of [2, 11, 12]) expect(values(group, 'days')).toContainEqual(noDay);
    expect(values(9, 'invoice_day')).toEqual(expect.arrayContaining([0, 4294967295]));
    expect(values(14, 'time_zone')).toEqual(expect.arrayContaining([-2147483648, 2147483647]));
    expect(values(21, 'ssid')).toEqual(expect.arrayContaining(['', ' '.repeat(32), '~'.repeat(32)]));
    expect(values(3, 'url')).toContain('');
    expect(values(10, 'ip')).toEqual(expect.arrayContaining(['', '255.255.255.255', '199.199.199.199']));
    expect(values(7, 'event_code')).toEqual(expect.arrayContaining(['  ', '~~']));
    expect(values(16, 'lang')).toEqual(expect.arrayContaining([0, 1]));
  });
});
