/**
 * Builds the settings form registry: for each settings group, a standalone JSON Schema (2020-12, with the
 * shared definitions it uses under `$defs`) and the RJSF uiSchema derived from the schema's `x-ui-*`
 * annotations. The console renders every settings tab from this registry.
 */
import { panelSideSchema, withoutPanelStatements } from './settings-panel-side.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const COMPONENT_PREFIX = '#/components/schemas/';

/** Copies `schema`, rewriting component references to `#/$defs/<Name>` and collecting what it uses. */
const localise = (node: Json, components: JsonObject, defs: JsonObject): Json => {
  if (Array.isArray(node)) return node.map((item) => localise(item, components, defs));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_PREFIX)) {
      const name = value.slice(COMPONENT_PREFIX.length);
      out.$ref = `#/$defs/${name}`;
      if (!(name in defs)) {
        defs[name] = {};
        defs[name] = localise(components[name] ?? null, components, defs);
      }
    } else {
      out[key] = localise(value, components, defs);
    }
  }
  return out;
};

/** The standalone form schema of one component. */
export const standaloneSchema = (name: string, components: JsonObject): JsonObject => {
  const defs: JsonObject = {};
  const body = localise(components[name] ?? null, components, defs);
  if (!isObject(body)) throw new Error(`Schema ${name} is missing`);
  const sortedDefs = Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b)));
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...body,
    ...(Object.keys(sortedDefs).length ? { $defs: sortedDefs } : {}),
  };
};

const deref = (node: JsonObject, root: JsonObject): JsonObject => {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return node;
  const defs = isObject(root.$defs) ? root.$defs : {};
  const target = defs[ref.slice('#/$defs/'.length)];
  return isObject(target) ? { ...deref(target, root), ...node } : node;
};

/** Widgets the schema may ask for, mapped to RJSF widget names (custom ones are registered by the console). */
const WIDGETS: Record<string, string> = {
  text: 'text',
  password: 'password',
  integer: 'updown',
  slider: 'range',
  switch: 'switch',
  checkbox: 'checkbox',
  radio: 'radio',
  select: 'select',
  keypadFlags: 'keypadFlags',
  days: 'days',
  time: 'time',
  ipv4: 'text',
};

/** The widgets of a typed text (`ui:emptyValue` applies to them). */
const TEXT_WIDGETS = new Set(['text', 'password', 'ipv4']);

/** RJSF uiSchema of one object schema, derived from the `x-ui-*` and `x-i18n-key` annotations. */
export const uiSchemaFor = (schema: JsonObject, root: JsonObject = schema): JsonObject => {
  const node = deref(schema, root);
  const ui: JsonObject = {};
  const order = node['x-ui-order'];
  if (Array.isArray(order)) ui['ui:order'] = [...order, '*'];
  const properties = isObject(node.properties) ? node.properties : {};
  for (const [field, raw] of Object.entries(properties)) {
    if (!isObject(raw)) continue;
    const property = deref(raw, root);
    const fieldUi: JsonObject = {};
    const options: JsonObject = {};
    const widget = property['x-ui-widget'];
    if (typeof widget === 'string') {
      const mapped = WIDGETS[widget];
      if (!mapped) throw new Error(`Unknown x-ui-widget "${widget}" on ${field}`);
      // An object value (days, a time) is drawn by a custom field, a single value by a widget.
      fieldUi[property.type === 'object' ? 'ui:field' : 'ui:widget'] = mapped;
      // The custom field draws the whole value, the rule's anyOf included (no option picker of RJSF's beside it).
      if (property.type === 'object') fieldUi['ui:fieldReplacesAnyOrOneOf'] = true;
    }
    // A text that may be empty stays an empty text when the person clears it, as a panel reports it (RJSF would
    // make it undefined, and the write would then leave the panel's old text in place).
    const mayBeEmpty = !(typeof property.minLength === 'number' && property.minLength > 0);
    if (property.type === 'string' && mayBeEmpty && TEXT_WIDGETS.has(String(widget))) options.emptyValue = '';
    if (typeof property['x-i18n-key'] === 'string') options.i18nKey = property['x-i18n-key'];
    if (typeof property['x-ui-lookup'] === 'string') options.lookup = property['x-ui-lookup'];
    if (typeof property['x-ui-lookup-value'] === 'string') options.lookupValue = property['x-ui-lookup-value'];
    if (typeof property['x-i18n-error'] === 'string') options.i18nError = property['x-i18n-error'];
    if (Array.isArray(property['x-ui-options'])) options.enumOptions = property['x-ui-options'];
    if (property.readOnly === true || property['x-ui-disabled'] === true) fieldUi['ui:disabled'] = true;
    if (property.type === 'object' && isObject(property.properties) && fieldUi['ui:field'] === undefined) {
      Object.assign(fieldUi, uiSchemaFor(property, root));
    }
    if (Object.keys(options).length) fieldUi['ui:options'] = options;
    if (Object.keys(fieldUi).length) ui[field] = fieldUi;
  }
  return ui;
};

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
