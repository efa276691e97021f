import { beforeAll, describe, expect, it } from 'vitest';
import { settingsFormLoaders } from '@generated/settings/index.ts';
import type { JsonObject, SettingsForm } from '@generated/settings/types.ts';
import type { TemplateRecord } from '../../../lib/forms/settings/template-file.ts';
import type { StepResult } from './run-job.ts';
import { planGroups, readSteps, stepKey, writeSteps } from './template-plan.ts';

const forms: Record<number, SettingsForm> = {};
beforeAll(async () => {
  for (const group of [0, 9]) forms[group] = await settingsFormLoaders[group]!();
});

const gsm: JsonObject = { apn_name: 'internet', user_name: '', password: '', invoice_day: 15 };

describe('template plan', () => {
  it('compares each record with what the panel holds, and writes only the chosen groups’ records that change', () => {
    const records: TemplateRecord[] = [
      { group: 0, record: 0, data: { name: 'Giris Kapisi' } },
      { group: 0, record: 1, data: { name: 'Salon' } },
      { group: 9, record: 0, data: { ...gsm, apn_name: 'internet2' } },
    ];
    const steps = readSteps(7, records);
    const held = new Map<string, JsonObject>([
      [stepKey(steps[0]!), { zone_no: 0, name: 'Giris Kapisi', active: true }],
      [stepKey(steps[1]!), { zone_no: 1, name: 'Mutfak', active: true }],
      [stepKey(steps[2]!), gsm],
    ]);
    const reads: StepResult[] = steps.map((step) => ({ step, status: 'read' }));
    const plans = planGroups(records, reads, held, forms);
    expect(plans.map((plan) => [plan.group, plan.changeCount, plan.records.map((r) => r.record)])).toEqual([
      [0, 1, [1]],
      [9, 1, [0]],
    ]);
    expect(plans[0]?.records[0]?.changes.map((change) => [change.path, change.before, change.after])).toEqual([
      [['name'], 'Mutfak', 'Salon'],
    ]);
    expect(writeSteps(plans, (plan) => plan.group === 0)).toEqual([
      { devId: 7, group: 0, record: 1, data: { name: 'Salon' }, before: { zone_no: 1, name: 'Mutfak', active: true } },
    ]);
  });

  it('keeps why a group could not be read, and never writes it', () => {
    const records: TemplateRecord[] = [{ group: 9, record: 0, data: gsm }];
    const [step] = readSteps(7, records);
    const plans = planGroups(records, [{ step: step!, status: 'failed', reason: 'disconnected' }], new Map(), forms);
    expect(plans).toEqual([
      { devId: 7, group: 9, records: [], changeCount: 0, failure: 'disconnected', skipped: false },
    ]);
    expect(writeSteps(plans, () => true)).toEqual([]);
  });
});
