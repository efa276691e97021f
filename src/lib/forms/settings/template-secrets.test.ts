import { beforeAll, describe, expect, it } from 'vitest';
import { settingsFormLoaders } from '@generated/settings/index.ts';
import { SETTINGS_GROUP_NUMBERS } from './settings-records.ts';
import { buildTemplate, type TemplateForm } from './template-file.ts';
import { missingSecrets, secretFields, withoutSecrets } from './template-secrets.ts';

const forms: Record<number, TemplateForm> = {};
beforeAll(async () => {
  for (const group of SETTINGS_GROUP_NUMBERS) forms[group] = await settingsFormLoaders[group]!();
});

const template = () =>
  buildTemplate({
    panel: { devId: 1 },
    forms,
    records: [
      { group: 2, record: 2, data: { user_no: 2, uname: 'Zeynep', card_id: '4712093', keypad: '11110000' } },
      { group: 2, record: 3, data: { user_no: 3, uname: 'Ali', card_id: '0042', keypad: '11000000' } },
      { group: 9, record: 0, data: { apn_name: 'internet', user_name: 'u', password: 'apn-secret', invoice_day: 1 } },
      { group: 14, record: 0, data: {} },
      { group: 21, record: 0, data: { ssid: 'MerkezOfis', password: 'ofis2026wifi' } },
    ],
  });

describe('template secrets', () => {
  it('come from the contract: card number, APN password, Wi-Fi password; none elsewhere', () => {
    expect(secretFields(forms[2])).toEqual(['card_id']);
    expect(secretFields(forms[9])).toEqual(['password']);
    expect(secretFields(forms[21])).toEqual(['password']);
    expect(SETTINGS_GROUP_NUMBERS.filter((group) => secretFields(forms[group]).length > 0)).toEqual([2, 9, 21]);
  });

  it('are left out of an export, the other fields kept, the template itself unchanged', () => {
    const whole = template();
    const text = JSON.stringify(withoutSecrets(whole, forms));
    for (const secret of ['4712093', '0042', 'apn-secret', 'ofis2026wifi']) expect(text).not.toContain(secret);
    const stripped = withoutSecrets(whole, forms);
    expect(stripped.groups['21']!['0']).toEqual({ ssid: 'MerkezOfis' });
    expect(stripped.groups['9']!['0']).toEqual({ apn_name: 'internet', user_name: 'u', invoice_day: 1 });
    expect(stripped.groups['2']!['2']).toMatchObject({ uname: 'Zeynep', keypad: '11110000' });
    expect(whole.groups['21']!['0']!.password).toBe('ofis2026wifi');
  });

  it('an import names those it lacks, by group, field and record', () => {
    expect(missingSecrets(template(), forms)).toEqual([]);
    const lacking = missingSecrets(withoutSecrets(template(), forms), forms);
    expect(lacking).toEqual([
      { group: 2, field: 'card_id', labelKey: 'settings.panel-user.card_id', records: [2, 3] },
      { group: 9, field: 'password', labelKey: 'settings.gsm.password', records: [0] },
      { group: 21, field: 'password', labelKey: 'settings.wifi.password', records: [0] },
    ]);
  });
});
