/**
 * What a save changes (the diff shown before every write): the fields of the form's schema whose value differs
 * from what was read from the panel. Nested groups of switches (authorities, alarm events, partition features)
 * are compared field by field; a value drawn as one (days, a time, keypad flags) is compared whole.
 */
import type { JsonObject, JsonValue } from '@generated/settings/types.ts';
import { i18nKeyOf, isObject, isWholeValue, propertiesOf, uiChild } from './schema-walk.ts';

export interface SettingsChange {
  /** Path of the field in the form's data. */
  path: string[];
  /** The field's i18n key (its label is `<key>.label`); the labels of its parents come first. */
  labelKeys: string[];
  before: JsonValue | undefined;
  after: JsonValue | undefined;
  /** The field's schema (resolved) and uiSchema, to show the values as the form does. */
  schema: JsonObject;
  ui: JsonObject | undefined;
}

const same = (a: JsonValue | undefined, b: JsonValue | undefined): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Stable JSON comparison independent of key order. */
const canonical = (value: JsonValue | undefined): JsonValue | undefined => {
  if (Array.isArray(value)) return value.map((item) => canonical(item) as JsonValue);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical(value[key]) as JsonValue]),
  );
};

export function diffSettings(
  schema: JsonObject,
  uiSchema: JsonObject,
  before: JsonObject,
  after: JsonObject,
): SettingsChange[] {
  const changes: SettingsChange[] = [];
  const walk = (
    node: JsonObject,
    ui: JsonObject | undefined,
    left: JsonValue | undefined,
    right: JsonValue | undefined,
    path: string[],
    labels: string[],
  ) => {
    for (const [name, property] of propertiesOf(node, schema)) {
      const childUi = uiChild(ui, name);
      const key = i18nKeyOf(childUi);
      const childLabels = key ? [...labels, key] : labels;
      const l = isObject(left) ? left[name] : undefined;
      const r = isObject(right) ? right[name] : undefined;
      if (property.type === 'object' && !isWholeValue(childUi)) {
        walk(property, childUi, l, r, [...path, name], childLabels);
      } else if (!same(canonical(l), canonical(r))) {
        changes.push({
          path: [...path, name],
          labelKeys: childLabels,
          before: l,
          after: r,
          schema: property,
          ui: childUi,
        });
      }
    }
  };
  walk(schema, uiSchema, before, after, [], []);
  return changes;
}
