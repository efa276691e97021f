/**
 * Every settings form (every settings group and the panel message): it renders from its generated schema with the contract's
 * example in English and Turkish, showing its fields' translated labels and never a property name or the schema's
 * English title; its help is plain text, never a heading, and each radio group is named by its field's label; and
 * the body a save sends (envelope and the schema's fields) validates against the contract's request schema of the
 * group's write call. The review's "Write to panel" is disabled, saying why, while nothing can be written.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { settingsFormIndex, settingsFormLoaders } from '@generated/settings/index.ts';
import type { JsonObject } from '@generated/settings/types.ts';
import { Contract } from '../../../mocks/contract.ts';
import { createContractAjv, pointer } from '../../../tests/contract/contract-loader.ts';
import en from '../../../locales/en.json';
import tr from '../../../locales/tr.json';
import { MESSAGE_GROUP, writeBody } from '../../lib/forms/settings/settings-body.ts';
import { localizeUiSchema, schemaTranslate } from '../../lib/forms/settings/settings-texts.ts';
import { MuiXLocalization } from '../../lib/i18n/mui-x-localization.tsx';
import { DiffActions } from './diff-dialog.tsx';
import { settingsTemplates } from './form-templates.tsx';
import { SettingsForm } from './settings-form.tsx';
import { settingsWidgets } from './widgets/registry.ts';

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

async function i18nIn(language: 'en' | 'tr') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { translation: en }, tr: { translation: tr } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

async function render(group: number, language: 'en' | 'tr') {
  const form = await settingsFormLoaders[group]!();
  const i18n = await i18nIn(language);
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

/** The start tags of the markup with the given attribute, and the attributes of each. */
const tagsWith = (html: string, attribute: string) =>
  [...html.matchAll(new RegExp(`<(\\w+)\\b[^>]*\\b${attribute}="[^"]*"[^>]*>`, 'g'))].map((match) => ({
    tag: match[1]!,
    attributes: Object.fromEntries([...match[0].matchAll(/([\w-]+)="([^"]*)"/g)].map((pair) => [pair[1]!, pair[2]!])),
  }));

/** The text of the element with this id. */
const textOfId = (html: string, id: string) =>
  textOf(new RegExp(`<(\\w+)\\b[^>]*\\bid="${id}"[^>]*>(.*?)</\\1>`).exec(html)?.[2] ?? '').trim();

/** Each radio group's name: its `aria-label`, or the text of what `aria-labelledby` names. */
const radioGroupNames = (html: string) =>
  tagsWith(html, 'role')
    .filter(({ attributes }) => attributes.role === 'radiogroup')
    .map(({ attributes }) => ({
      id: attributes.id ?? '',
      name:
        attributes['aria-label'] ??
        (attributes['aria-labelledby'] ?? '')
          .split(' ')
          .map((id) => textOfId(html, id))
          .join(' ')
          .trim(),
    }));

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

  it('shows its help as text, never a heading, and names each radio group by its label', async () => {
    const { form, html, i18n } = await render(group, 'en');
    expect(html).not.toMatch(/<h6[\s>]/);
    for (const { tag } of tagsWith(html, 'id').filter(({ attributes }) => attributes.id!.endsWith('__description'))) {
      expect(tag).toBe('div');
    }
    const idBase = `settings-${form.slug}_`;
    for (const { id, name } of radioGroupNames(html)) {
      const ui = form.uiSchema[id.slice(idBase.length)] as JsonObject | undefined;
      const key = (ui?.['ui:options'] as JsonObject | undefined)?.i18nKey as string | undefined;
      expect(name, id).toBe(key ? schemaTranslate(i18n.t)(`${key}.label`) : expect.any(String));
      expect(name, id).not.toBe('');
    }
  });

  it('saves a body that the contract accepts for its write call', async () => {
    const { form, example } = await render(group, 'en');
    const body = writeBody(form, { devId: DEV_ID, password: '1234', record: 0 }, example);
    const validate = requestSchema(form.setOperation!);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('the shared widgets and templates', () => {
  it('draw a yes/no setting as a radio group named by its label, with its help as text, in a group under an h3', async () => {
    const i18n = await i18nIn('en');
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <Form
          schema={{
            type: 'object',
            properties: { auth: { type: 'object', properties: { installer: { type: 'boolean' } } } },
          }}
          uiSchema={{
            auth: {
              'ui:title': 'Authorities',
              installer: { 'ui:widget': 'radio', 'ui:title': 'Installer', 'ui:description': 'May program.' },
            },
          }}
          formData={{ auth: { installer: false } }}
          validator={validator}
          widgets={settingsWidgets}
          templates={settingsTemplates}
          idPrefix="test"
        >
          <></>
        </Form>
      </I18nextProvider>,
    );
    expect(radioGroupNames(html)).toEqual([{ id: 'test_auth_installer', name: 'Installer' }]);
    expect(textOf(html)).toContain('Yes');
    expect(html).not.toMatch(/<h[4-6][\s>]/);
    expect(html).toMatch(/<h3\b[^>]*>Authorities<\/h3>/);
    expect(textOfId(html, 'test_auth_installer__description')).toBe('May program.');
  });
});

describe('the review of changes', () => {
  const renderActions = async (blockedReason?: string) => {
    const i18n = await i18nIn('en');
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <DiffActions
          changes={[
            { path: ['name'], labelKeys: ['settings.zone.name'], before: 'A', after: 'B', schema: {}, ui: undefined },
          ]}
          saving={false}
          blockedReason={blockedReason}
          onCancel={() => undefined}
          onConfirm={() => undefined}
        />
      </I18nextProvider>,
    );
    const button =
      /<button\b[^>]*>(?:(?!<\/button>).)*Write to panel(?:(?!<\/button>).)*<\/button>/.exec(html)?.[0] ?? '';
    return { html, button };
  };

  it('lets a change be written while nothing blocks it', async () => {
    const { html, button } = await renderActions();
    expect(button).not.toBe('');
    expect(button).not.toMatch(/\bdisabled=""/);
    expect(textOf(html)).not.toContain('only while disarmed');
  });

  it('disables "Write to panel" and says why once the panel cannot be written (armed while reviewing)', async () => {
    const reason = en.commands.reason.armed;
    const { html, button } = await renderActions(reason);
    expect(button).toMatch(/\bdisabled=""/);
    expect(textOf(html)).toContain(reason);
  });
});
