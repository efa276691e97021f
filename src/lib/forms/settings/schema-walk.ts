/**
 * Reading the generated settings schemas: a property's own schema with its `$ref`s resolved (the registry keeps
 * shared rules under `$defs`), and the uiSchema node beside it. Every settings module walks schemas through here.
 */
import type { JsonObject } from '@generated/settings/types.ts';

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `node` with its `$ref` (and an `allOf` of one `$ref`) resolved against `root`'s `$defs`, own keys winning. */
export function resolve(node: JsonObject, root: JsonObject): JsonObject {
  let merged: JsonObject = node;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
    const defs = isObject(root.$defs) ? root.$defs : {};
    const target = defs[ref.slice('#/$defs/'.length)];
    if (isObject(target)) merged = { ...resolve(target, root), ...node };
  }
  const allOf = merged.allOf;
  if (Array.isArray(allOf)) {
    for (const part of allOf) if (isObject(part)) merged = { ...resolve(part, root), ...merged };
  }
  return merged;
}

/** The properties of an object schema, each resolved. */
export function propertiesOf(node: JsonObject, root: JsonObject): [string, JsonObject][] {
  const resolved = resolve(node, root);
  const properties = isObject(resolved.properties) ? resolved.properties : {};
  return Object.entries(properties).flatMap(([name, raw]) => (isObject(raw) ? [[name, resolve(raw, root)]] : []));
}

/** The uiSchema node of a child field. */
export const uiChild = (ui: JsonObject | undefined, name: string): JsonObject | undefined =>
  ui && isObject(ui[name]) ? ui[name] : undefined;

/** The `ui:options` of a uiSchema node. */
export const uiOptions = (ui: JsonObject | undefined): JsonObject =>
  ui && isObject(ui['ui:options']) ? ui['ui:options'] : {};

/** The i18n key of a field (from its schema's `x-i18n-key`, carried into the uiSchema by codegen). */
export const i18nKeyOf = (ui: JsonObject | undefined): string | undefined => {
  const key = uiOptions(ui).i18nKey;
  return typeof key === 'string' ? key : undefined;
};

/** A field drawn as one value although it is an object (days, a time): it has its own field component. */
export const isWholeValue = (ui: JsonObject | undefined): boolean => typeof ui?.['ui:field'] === 'string';
