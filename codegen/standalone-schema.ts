/**
 * A settings group's schema standing alone: the component with the shared definitions it uses under `$defs`
 * (2020-12), and reading through a `$defs` reference.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject =>
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

/** The node a `#/$defs/` reference names, with the reference's own keys over it. */
export const deref = (node: JsonObject, root: JsonObject): JsonObject => {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return node;
  const defs = isObject(root.$defs) ? root.$defs : {};
  const target = defs[ref.slice('#/$defs/'.length)];
  return isObject(target) ? { ...deref(target, root), ...node } : node;
};
