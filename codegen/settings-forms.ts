/**
 * Builds the settings form registry: for each settings group, a standalone JSON Schema (standalone-schema.ts), the
 * RJSF uiSchema derived from the schema's `x-ui-*` annotations (settings-ui-schema.ts) and its records. The console
 * renders every settings tab from this registry.
 */
import { panelSideSchema, withoutPanelStatements } from './settings-panel-side.ts';
import { deref, isObject, standaloneSchema, type Json, type JsonObject } from './standalone-schema.ts';
import { uiSchemaFor } from './settings-ui-schema.ts';

/**
 * The records of a group of several (`x-records`): what they are, the field holding a record's own number, whether
 * people count them from one, and which they are: the numbers the field's schema allows (its `oneOf` constants or
 * its `minimum`..`maximum`), or the lookup list that names them (`x-ui-lookup`). Null for a group of one record.
 */
export interface SettingsRecords {
  kind: string;
  field: string;
  shownFromOne: boolean;
  numbers: number[] | null;
  list: string | null;
}

const integers = (values: Json[]): number[] | null =>
  values.every((value) => Number.isSafeInteger(value)) ? (values as number[]) : null;

/** The group's records, read from its `x-records` and the schema of the field it names. */
export const settingsRecords = (component: string, schema: JsonObject): SettingsRecords | null => {
  const declared = schema['x-records'];
  if (declared === undefined) return null;
  const fail = (why: string) => new Error(`${component}: x-records ${why}`);
  if (!isObject(declared)) throw fail('is not an object');
  const { kind, field, shownFromOne } = declared;
  if (typeof kind !== 'string' || typeof field !== 'string' || typeof shownFromOne !== 'boolean') {
    throw fail('needs kind (text), field (text) and shownFromOne (true or false)');
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  const raw = properties[field];
  if (!isObject(raw)) throw fail(`names ${field}, which is not a property`);
  const property = deref(raw, schema);
  const consts = Array.isArray(property.oneOf)
    ? integers(property.oneOf.map((choice) => (isObject(choice) ? (choice.const ?? null) : null)))
    : null;
  const { minimum, maximum } = property;
  const bounded =
    Number.isSafeInteger(minimum) && Number.isSafeInteger(maximum)
      ? Array.from({ length: Number(maximum) - Number(minimum) + 1 }, (_, index) => Number(minimum) + index)
      : null;
  const numbers = consts ?? bounded;
  const list = numbers === null && typeof property['x-ui-lookup'] === 'string' ? property['x-ui-lookup'] : null;
  if (numbers === null && list === null) {
    throw fail(`field ${field} states neither its numbers (oneOf constants, minimum and maximum) nor x-ui-lookup`);
  }
  return { kind, field, shownFromOne, numbers, list };
};

export interface SettingsFormEntry {
  group: number;
  slug: string;
  component: string;
  setOperation: string | null;
  i18nPrefix: string | null;
  /** The panel detail's settings tab the form is drawn on (`x-settings-tab`); null for the record groups. */
  tab: string | null;
  records: SettingsRecords | null;
  tabs: Json;
  schema: JsonObject;
  uiSchema: JsonObject;
}

/** Registry entries for every component carrying `x-settings-group` (and the panel message form). */
export const settingsForms = (components: JsonObject): SettingsFormEntry[] => {
  const entries: SettingsFormEntry[] = [];
  // The panel-side statements are the round-trip test's (panelSides below), not the form's.
  const formComponents = withoutPanelStatements(components) as JsonObject;
  for (const [component, raw] of Object.entries(formComponents)) {
    if (!isObject(raw)) continue;
    const group = raw['x-settings-group'];
    const isMessage = component === 'PanelMessageSettings';
    if (typeof group !== 'number' && !isMessage) continue;
    const schema = standaloneSchema(component, formComponents);
    const prefix = typeof raw['x-i18n-prefix'] === 'string' ? raw['x-i18n-prefix'] : null;
    entries.push({
      group: typeof group === 'number' ? group : -1,
      slug: prefix ? prefix.replace(/^settings\./, '') : component,
      component,
      setOperation: typeof raw['x-set-operation'] === 'string' ? raw['x-set-operation'] : null,
      i18nPrefix: prefix,
      tab: typeof raw['x-settings-tab'] === 'string' ? raw['x-settings-tab'] : null,
      records: settingsRecords(component, schema),
      tabs: raw['x-ui-tabs'] ?? null,
      schema,
      uiSchema: uiSchemaFor(schema),
    });
  }
  return entries.sort((a, b) => a.group - b.group);
};

/**
 * The panel side of every settings group (what a read can report; codegen/settings-panel-side.ts), by group.
 * The panel message is not read from the panel and has none.
 */
export const panelSides = (components: JsonObject): { group: number; schema: JsonObject }[] =>
  Object.entries(components)
    .flatMap(([component, raw]) => {
      const group = isObject(raw) ? raw['x-settings-group'] : undefined;
      return typeof group === 'number'
        ? [{ group, schema: panelSideSchema(standaloneSchema(component, components), group) }]
        : [];
    })
    .sort((a, b) => a.group - b.group);

/** The lookup lists (`x-ui-lookup` operation ids) the forms use, sorted. */
export const lookupNames = (forms: readonly SettingsFormEntry[]): string[] => {
  const names = new Set<string>();
  const walk = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-ui-lookup' && typeof value === 'string') names.add(value);
      else walk(value);
    }
  };
  for (const form of forms) walk(form.schema);
  return [...names].sort();
};
