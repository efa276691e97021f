/**
 * The panel side of the settings groups: what a panel's memory holds, and so what a read of the group can report,
 * stated apart from the form's rules. The round-trip test generates panel values from it and saves each through the
 * form (src/features/programming/panel-round-trip.test.ts): anything a panel can report must read back into its form
 * and save unchanged.
 *
 * The panel side is built from the value's type and the contract's `x-panel-holds` statements only, never from the
 * form's validation keywords, so a rule the form adds beyond the panel's memory is caught by the test:
 *  - a value's default is what its type holds: a number the panel holds unsigned (0-4294967295), a text of any
 *    length and characters, a yes/no, an object with every one of its parts (a panel reports its whole record), and
 *    for an enumeration (`oneOf`/`anyOf` of consts, `enum`) the listed values;
 *  - `x-panel-holds` on a shared definition or a property gives the keywords of what a panel holds over that default
 *    (the panel character set of names, the 8-character keypad flags, the bounds of spec 2 §9); a `$ref` in it holds
 *    what the referenced definition holds; a property's statement goes over its definition's;
 *  - `x-panel-holds` on a group adds rules between its fields that a panel obeys too (the remote server's address).
 * A property without a statement falls to its type's default whatever the form says of it.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keyword of the contract that states what a panel holds. */
export const PANEL_HOLDS = 'x-panel-holds';

/** A number as a panel holds it unless the contract says otherwise: unsigned, 32 bits. */
export const PANEL_NUMBER: JsonObject = { type: 'integer', minimum: 0, maximum: 4294967295 };

const DEFS_PREFIX = '#/$defs/';

const definition = (ref: string, root: JsonObject): JsonObject => {
  const defs = isObject(root.$defs) ? root.$defs : {};
  const target = ref.startsWith(DEFS_PREFIX) ? defs[ref.slice(DEFS_PREFIX.length)] : undefined;
  if (!isObject(target)) throw new Error(`Unresolvable reference ${ref} in a settings schema`);
  return target;
};

/** The consts of an enumeration (`oneOf`/`anyOf` whose every branch is a const, or `enum`), else undefined. */
const enumeration = (node: JsonObject, root: JsonObject): Json[] | undefined => {
  if (Array.isArray(node.enum)) return node.enum;
  const branches = node.oneOf ?? node.anyOf;
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const consts = branches.map((branch) => {
    const resolved = isObject(branch) && typeof branch.$ref === 'string' ? definition(branch.$ref, root) : branch;
    return isObject(resolved) && 'const' in resolved ? resolved.const : undefined;
  });
  return consts.every((value) => value !== undefined) ? (consts as Json[]) : undefined;
};

/** The properties of an object value: its own, else those of the definitions it takes in with `allOf`. */
const propertiesOf = (node: JsonObject, root: JsonObject): JsonObject => {
  if (isObject(node.properties)) return node.properties;
  for (const part of Array.isArray(node.allOf) ? node.allOf : []) {
    if (isObject(part) && typeof part.$ref === 'string') {
      const found = propertiesOf(definition(part.$ref, root), root);
      if (Object.keys(found).length) return found;
    }
  }
  return {};
};

/** What a value's type holds when the contract states nothing more. */
function typeDefault(node: JsonObject, root: JsonObject, where: string): JsonObject {
  const values = enumeration(node, root);
  if (values) return { ...(typeof node.type === 'string' ? { type: node.type } : {}), enum: values };
  switch (node.type) {
    case 'object': {
      const properties = Object.entries(propertiesOf(node, root)).filter(([, value]) => isObject(value));
      return {
        type: 'object',
        properties: Object.fromEntries(
          properties.map(([name, value]) => [name, panelValue(value as JsonObject, root, `${where}.${name}`)]),
        ),
        required: properties.map(([name]) => name),
      };
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'integer':
      return { ...PANEL_NUMBER };
    case 'string':
      return { type: 'string' };
    default:
      throw new Error(`${where}: no panel side for a value of type ${JSON.stringify(node.type ?? null)}`);
  }
}

/** A statement of `x-panel-holds` with every `$ref` in it replaced by the panel side of its definition. */
function statement(holds: Json, root: JsonObject, where: string): Json {
  if (Array.isArray(holds)) return holds.map((item) => statement(item, root, where));
  if (!isObject(holds)) return holds;
  const out: JsonObject = {};
  if (typeof holds.$ref === 'string') Object.assign(out, panelValue(definition(holds.$ref, root), root, where));
  for (const [key, value] of Object.entries(holds)) {
    if (key !== '$ref') out[key] = statement(value, root, where);
  }
  return out;
}

/** The panel side of one value of a settings schema. */
export function panelValue(node: JsonObject, root: JsonObject, where = '#'): JsonObject {
  const base =
    typeof node.$ref === 'string'
      ? panelValue(definition(node.$ref, root), root, where)
      : typeDefault(node, root, where);
  const holds = node[PANEL_HOLDS];
  if (holds === undefined) return base;
  if (!isObject(holds)) throw new Error(`${where}: ${PANEL_HOLDS} must be a schema object`);
  return { ...base, ...(statement(holds, root, where) as JsonObject) };
}

/** The panel side of a settings group's standalone form schema: a standalone JSON Schema without references. */
export function panelSideSchema(schema: JsonObject, group: number): JsonObject {
  const { description, ...side } = panelValue(schema, schema, `group ${group}`);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `What a panel reports for settings group ${group}`,
    description: [
      'The panel side of the group (codegen/settings-panel-side.ts): its types and the x-panel-holds statements, without the rules of the form.',
      ...(typeof description === 'string' ? [description] : []),
    ].join(' '),
    ...side,
  };
}

/** A copy of a schema without the panel-side statements (the form registry has no use for them). */
export function withoutPanelStatements(node: Json): Json {
  if (Array.isArray(node)) return node.map(withoutPanelStatements);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== PANEL_HOLDS)
      .map(([key, value]) => [key, withoutPanelStatements(value)]),
  );
}
