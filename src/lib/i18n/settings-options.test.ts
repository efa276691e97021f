/**
 * Every choice a settings form offers from the contract (a `oneOf`/`anyOf` of `const` values, a settings group's own
 * enumeration) is named by the locale files, never by the schema's English `title`: each option carries its own
 * `x-i18n-key` with a text in every language, and no field offers a bare `enum` (whose values RJSF would show as
 * they are). Read from the bundled contract, so an option added to a schema without its key fails here. (The lists
 * the server gives, `x-ui-lookup`, come in the caller's language: mocks/answer-language.ts.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as { components: { schemas: JsonObject } };
const schemas = contract.components.schemas;
const deref = (node: Json | undefined): JsonObject => {
  let current = node;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string' && depth < 10; depth++) {
    current = schemas[current.$ref.split('/').pop()!];
  }
  return isObject(current) ? current : {};
};

interface Choice {
  field: string;
  /** The options' keys (undefined for one without). */
  keys: (string | undefined)[];
  bareEnum: boolean;
}

/** The choices of every field of every settings form (every settings group and the panel message). */
function choices(): Choice[] {
  const found: Choice[] = [];
  const walk = (node: JsonObject, where: string): void => {
    for (const [name, raw] of Object.entries(isObject(node.properties) ? node.properties : {})) {
      const property = { ...deref(raw), ...(isObject(raw) ? raw : {}) };
      const field = `${where}.${name}`;
      const options = property.oneOf ?? property.anyOf;
      if (Array.isArray(options) && options.some((option) => 'const' in deref(option))) {
        const keys = options.map((option) => {
          const key = deref(option)['x-i18n-key'];
          return typeof key === 'string' ? key : undefined;
        });
        found.push({ field, keys, bareEnum: false });
      }
      if (Array.isArray(property.enum)) found.push({ field, keys: [], bareEnum: true });
      if (property.type === 'object') walk(property, field);
      if (isObject(property.items)) walk(deref(property.items), `${field}[]`);
    }
  };
  for (const [name, schema] of Object.entries(schemas)) {
    const body = deref(schema);
    if (typeof body['x-settings-group'] === 'number' || name === 'PanelMessageSettings') walk(body, name);
  }
  return found;
}

const locales = (JSON.parse(readFileSync('locales/languages.json', 'utf8')) as { code: string }[]).map(
  ({ code }) => [code, JSON.parse(readFileSync(`locales/${code}.json`, 'utf8')) as JsonObject] as const,
);
const textAt = (tree: JsonObject, key: string): Json | undefined =>
  key.split('.').reduce<Json | undefined>((node, step) => (isObject(node) ? node[step] : undefined), tree);

describe('the choices of the settings forms', () => {
  const all = choices();

  it('are found in the contract', () => {
    expect(all.map((choice) => choice.field)).toEqual(
      expect.arrayContaining(['ZoneSettings.no_nc', 'AutomationSettings.aim', 'PanelMessageSettings.sound']),
    );
  });

  it('give every option its own locale key, and no field a bare enum', () => {
    expect(all.filter((choice) => choice.bareEnum).map((choice) => choice.field)).toEqual([]);
    expect(all.filter((choice) => choice.keys.some((key) => key === undefined)).map((choice) => choice.field)).toEqual(
      [],
    );
  });

  it.each(locales)('%s names every option', (_code, tree) => {
    const keys = all.flatMap((choice) => choice.keys.filter((key): key is string => key !== undefined));
    const missing = keys.filter((key) => {
      const text = textAt(tree, key);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });
});
