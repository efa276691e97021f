/**
 * Every settings form (groups 0-21 and the panel message): it renders from its generated schema with the contract's
 * example in English and Turkish, showing its fields' translated labels and never a property name or the schema's
 * English title; and the body a save sends (envelope and the schema's fields) validates against the contract's
 * request schema of the group's write call.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { settingsFormIndex, settingsFormLoaders } from '@generated/settings/index.ts';
import type { JsonObject } from '@generated/settings/types.ts';
import { Contract } from '../../../../mocks/contract.ts';
import { createContractAjv, pointer } from '../../../../tests/contract/contract-loader.ts';
import en from '../../../../locales/en.json';
import tr from '../../../../locales/tr.json';
import { MESSAGE_GROUP, writeBody } from '../../../lib/forms/settings/settings-body.ts';
import { localizeUiSchema, schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { MuiXLocalization } from '../../../lib/i18n/mui-x-localization.tsx';
import { SettingsForm } from './settings-form.tsx';

const contract = Contract.load();
const ajv = createContractAjv(contract.document);
const readExamples = contract.responseExamples(contract.byId('getPanelSettings'));
const DEV_ID = 864215040012345;

const exampleOf = (group: number, schema: JsonObject): JsonObject => {
  if (group === MESSAGE_GROUP) return (schema.examples as JsonObject[])[0]!;
  const name = [...readExamples.keys()].find((key) => key.startsWith(`group-${group}-`));
  return (readExamples.get(name ?? '')?.example.value as { data: JsonObject }).data;
};

const requestSchema = (operationId: string) => {
  const op = contract.byId(operationId);
  const ref = `contract#/paths/${pointer(op.path)}/${op.method}/requestBody/content/${pointer('application/json')}/schema`;
  const validate = ajv.getSchema(ref);
  if (!validate) throw new Error(`no request schema for ${operationId}`);
  return validate;
};

async function render(group: number, language: 'en' | 'tr') {
  const form = await settingsFormLoaders[group]!();
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { translation: en }, tr: { translation: tr } },
    interpolation: { escapeValue: false },
  });
  const example = exampleOf(group, form.schema);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MuiXLocalization>
          <SettingsForm form={form} initial={example} saving={false} onWrite={() => Promise.resolve(true)} />
        </MuiXLocalization>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { form, html, example, i18n };
}

/** Visible text of the markup (tags and attribute values dropped). */
const textOf = (html: string) =>
  html
    .replace(/<style[^>]*>[^<]*<\/style>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe.each(settingsFormIndex.map((entry) => [entry.group, entry.slug] as const))('form %i (%s)', (group) => {
  it.each(['en', 'tr'] as const)('renders its example in %s with translated labels only', async (language) => {
    const { form, html, i18n } = await render(group, language);
    const text = textOf(html);
    expect(text).not.toContain(String(form.schema.title));
    const firstTab = Array.isArray(form.tabs) ? ((form.tabs[0] as JsonObject).fields as string[]) : undefined;
    const properties = form.schema.properties as Record<string, JsonObject>;
    const localized = localizeUiSchema(form.schema, form.uiSchema, schemaTranslate(i18n.t));
    for (const [name] of Object.entries(properties)) {
      const ui = form.uiSchema[name] as JsonObject | undefined;
      const key = (ui?.['ui:options'] as JsonObject | undefined)?.i18nKey as string | undefined;
      const hidden = (localized[name] as JsonObject | undefined)?.['ui:widget'] === 'hidden';
      if (!key || hidden || (firstTab && !firstTab.includes(name))) continue;
      expect(text, `${name} label`).toContain(schemaTranslate(i18n.t)(`${key}.label`));
      // A property name never shows as a label.
      expect(html).not.toMatch(new RegExp(`>${name}<`));
    }
  });

  it('saves a body that the contract accepts for its write call', async () => {
    const { form, example } = await render(group, 'en');
    const body = writeBody(form, { devId: DEV_ID, password: '1234', record: 0 }, example);
    const validate = requestSchema(form.setOperation!);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });
});
