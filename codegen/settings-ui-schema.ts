/**
 * The RJSF uiSchema of a settings form, derived from its schema's `x-ui-*` and `x-i18n-*` annotations.
 */
import { deref, isObject, type JsonObject } from './standalone-schema.ts';

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
