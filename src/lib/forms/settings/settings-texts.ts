/**
 * The texts of a settings form in the person's language: every field's label and help, every option's name and
 * every tab's name come from the locale files through the schema's `x-i18n-key`s (`<key>.label`, `<key>.help`,
 * `<key>.<option value>`), never from the schema's English titles. A field without a key (the panel message's
 * `dev_id`, which the console fills in) is not shown at all, so no property name ever reaches the screen; nor is a
 * record's read-only number or id (the dialog's title names the record).
 */
import type { JsonObject, JsonValue } from '@generated/settings/types.ts';
import { i18nKeyOf, isObject, isWholeValue, propertiesOf, resolve, uiChild } from './schema-walk.ts';

/** `t` for keys held in the schemas: data, not literals, so checked by the settings texts test instead of types. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
export const schemaTranslate = (t: unknown): Translate => t as Translate;

/** The option keys of an enumeration drawn from `oneOf` consts (`x-i18n-key` per option). */
const optionKeys = (node: JsonObject, root: JsonObject): string[] | undefined => {
  const options = node.oneOf ?? node.anyOf;
  if (!Array.isArray(options)) return undefined;
  const keys = options.map((option) => (isObject(option) ? resolve(option, root)['x-i18n-key'] : undefined));
  return keys.every((key): key is string => typeof key === 'string') ? keys : undefined;
};

/** A copy of the uiSchema with every visible text translated with `t`. */
export function localizeUiSchema(schema: JsonObject, uiSchema: JsonObject, t: Translate): JsonObject {
  const walk = (node: JsonObject, ui: JsonObject | undefined): JsonObject => {
    const out: JsonObject = { ...(ui ?? {}) };
    for (const [name, property] of propertiesOf(node, schema)) {
      const childUi = uiChild(ui, name);
      const key = i18nKeyOf(childUi);
      // A record's number or id is sent back unchanged and the title already names the record.
      if (!key || (childUi?.['ui:disabled'] === true && property.type === 'integer')) {
        out[name] = { ...(childUi ?? {}), 'ui:widget': 'hidden' };
        continue;
      }
      const child: JsonObject = {
        ...(property.type === 'object' && !isWholeValue(childUi) ? walk(property, childUi) : (childUi ?? {})),
        'ui:title': t(`${key}.label`),
        'ui:description': t(`${key}.help`),
      };
      const options = optionKeys(property, schema);
      if (options) child.oneOf = options.map((option) => ({ 'ui:title': t(option) }) as JsonValue);
      out[name] = child;
    }
    return out;
  };
  return walk(schema, uiSchema);
}

/** The names of a form's tabs, in order, with the fields each shows. */
export interface FormTab {
  key: string;
  label: string;
  fields: string[];
}

export function formTabs(tabs: JsonValue, t: Translate): FormTab[] {
  if (!Array.isArray(tabs)) return [];
  return tabs.flatMap((tab) => {
    if (!isObject(tab) || typeof tab.key !== 'string' || typeof tab.i18n !== 'string' || !Array.isArray(tab.fields)) {
      return [];
    }
    return [{ key: tab.key, label: t(tab.i18n), fields: tab.fields.filter((f): f is string => typeof f === 'string') }];
  });
}
