/**
 * The panel programming forms take every visible text from the locale files through the annotations of the
 * settings schemas (openapi/settings/*.json): a field's `x-i18n-key` needs `<key>.label` and `<key>.help`, an
 * option's key (an `x-i18n-key` beside a `const`) and a tab's `i18n` a string, a form's `x-i18n-prefix` a
 * `<prefix>.title`, and a rule's `x-i18n-error` a message. Every locale file must have them all, plus one message per
 * JSON Schema keyword the schemas use (`settings.errors.<keyword>`), which the form falls back to.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Kind = 'field' | 'text' | 'title';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SETTINGS = 'openapi/settings';
const LOCALES = 'locales';

/** Every key the settings schemas name, with what it needs. */
function schemaKeys(): Map<string, { kind: Kind; where: string }> {
  const keys = new Map<string, { kind: Kind; where: string }>();
  for (const file of readdirSync(SETTINGS).filter((name) => name.endsWith('.json'))) {
    const walk = (node: Json, where: string): void => {
      if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${where}/${index}`));
      if (!isObject(node)) return;
      const key = node['x-i18n-key'];
      if (typeof key === 'string') keys.set(key, { kind: 'const' in node ? 'text' : 'field', where });
      if (typeof node['x-i18n-prefix'] === 'string') keys.set(node['x-i18n-prefix'], { kind: 'title', where });
      if (typeof node['x-i18n-error'] === 'string') keys.set(node['x-i18n-error'], { kind: 'text', where });
      // A tab of `x-ui-tabs`.
      if (typeof node.i18n === 'string' && Array.isArray(node.fields)) keys.set(node.i18n, { kind: 'text', where });
      for (const [name, child] of Object.entries(node)) walk(child, `${where}/${name}`);
    };
    walk(JSON.parse(readFileSync(`${SETTINGS}/${file}`, 'utf8')) as Json, file);
  }
  return keys;
}

/** The keywords of JSON Schema that can fail in a settings form, each with its own message. */
const KEYWORDS = [
  'required',
  'type',
  'integer',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'minLength',
  'maxLength',
  'pattern',
  'const',
  'enum',
  'not',
  'anyOf',
  'oneOf',
  'format',
];
/** Messages that say the rule's limit. */
const WITH_LIMIT = ['minimum', 'maximum', 'exclusiveMinimum', 'minLength', 'maxLength'];

// The locale file of every language of the list (tests/structure/locales.test.ts: every file is listed).
const locales = (JSON.parse(readFileSync(`${LOCALES}/languages.json`, 'utf8')) as { code: string }[])
  .map((language) => `${language.code}.json`)
  .map((name) => [name, JSON.parse(readFileSync(`${LOCALES}/${name}`, 'utf8')) as JsonObject] as const);

const at = (tree: JsonObject, key: string): Json | undefined =>
  key.split('.').reduce<Json | undefined>((node, step) => (isObject(node) ? node[step] : undefined), tree);
const isText = (value: Json | undefined): value is string => typeof value === 'string' && value.trim() !== '';

describe('settings texts', () => {
  const keys = schemaKeys();

  it('finds the annotations of every settings form', () => {
    expect(keys.size).toBeGreaterThan(290);
    const kinds = [...keys.values()].map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === 'title')).toHaveLength(23);
    expect(keys.get('settings.zone.no_nc.0')?.kind).toBe('text');
    expect(keys.get('settings.zone.tabs.zone')?.kind).toBe('text');
    expect(keys.get('settings.errors.name')?.kind).toBe('text');
  });

  it.each(locales)('%s has a text for every key of the settings schemas', (_name, translation) => {
    const missing: string[] = [];
    for (const [key, { kind, where }] of keys) {
      const value = at(translation, key);
      const complete =
        kind === 'field'
          ? isObject(value) && isText(value.label) && isText(value.help)
          : kind === 'title'
            ? isObject(value) && isText(value.title)
            : isText(value);
      if (!complete) missing.push(`${key} (${kind}, ${where})`);
    }
    expect(missing).toEqual([]);
  });

  it.each(locales)('%s says what each failed JSON Schema keyword means', (_name, translation) => {
    for (const keyword of KEYWORDS) {
      const message = at(translation, `settings.errors.${keyword}`);
      expect(isText(message), keyword).toBe(true);
      if (WITH_LIMIT.includes(keyword)) expect(message, keyword).toContain('{{limit}}');
    }
  });

  it('names a message for the rule of every shared definition', () => {
    const common = JSON.parse(readFileSync(`${SETTINGS}/common.json`, 'utf8')) as { $defs: Record<string, JsonObject> };
    for (const name of ['Name', 'SiaCode', 'KeypadFlags', 'IPv4', 'IPv4OrEmpty', 'Hostname']) {
      expect(common.$defs[name]?.['x-i18n-error'], name).toMatch(/^settings\.errors\.[a-z][A-Za-z0-9]*$/);
    }
  });
});
