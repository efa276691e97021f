/**
 * The panel password is stated where it travels (openapi/README.md "What the backend must enforce", "Panel
 * passwords"): every operation whose JSON body carries one (`user_pass`, or a command's `password`) says where it is
 * (`x-panel-password`), names the attempt limit the root `x-attempt-limits` states and declares its 429; the named
 * value is a required string of the body; every secret record (a settings group's `x-panel-rights`) names fields its
 * schema has. No panel password travels in a query string.
 */
import { describe, expect, it } from 'vitest';
import { isObject, loadBundledContract, type JsonObject } from './contract-loader.ts';

const contract = loadBundledContract();
const components = contract.components as Record<string, Record<string, JsonObject>>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const RIGHTS = ['any', 'manage', 'installer'];

const resolve = (node: unknown): JsonObject => {
  let current = node;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string' && depth < 10; depth++) {
    const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(current.$ref) ?? [];
    current = kind && name ? components[kind]?.[decodeURIComponent(name)] : undefined;
  }
  return isObject(current) ? current : {};
};

/** The schema of a property at a dotted path of a body schema (through allOf), and whether it is required. */
function propertyAt(schema: unknown, path: string[]): { schema?: JsonObject; required: boolean } {
  const node = resolve(schema);
  const [head, ...rest] = path;
  const parts = [node, ...((node.allOf as unknown[] | undefined) ?? []).map(resolve)];
  for (const part of parts) {
    const properties = isObject(part.properties) ? part.properties : {};
    if (head && head in properties) {
      const required = parts.some((p) => Array.isArray(p.required) && p.required.includes(head));
      if (!rest.length) return { schema: resolve(properties[head]), required };
      const inner = propertyAt(properties[head], rest);
      return { schema: inner.schema, required: required && inner.required };
    }
  }
  return { required: false };
}

const operations = Object.entries(contract.paths as Record<string, JsonObject>).flatMap(([route, item]) =>
  METHODS.filter((method) => isObject(item[method])).map((method) => {
    const spec = item[method] as JsonObject;
    const media = resolve(spec.requestBody).content as Record<string, JsonObject> | undefined;
    return { id: String(spec.operationId), route, spec, body: media?.['application/json']?.schema };
  }),
);

const policies = (contract['x-attempt-limits'] as { policies: Record<string, unknown> }).policies;

describe('panel passwords in the contract', () => {
  it('every body carrying a panel password says where it is', () => {
    const carrying = operations.filter(({ body }) => body && propertyAt(body, ['user_pass']).schema);
    expect(carrying.length).toBeGreaterThanOrEqual(26);
    for (const { id, spec } of carrying) expect(spec['x-panel-password'], id).toBeDefined();
    for (const id of ['controlPanel', 'updateZone', 'updateOutput', 'queueSettingsWrite', 'getKnownSettings'])
      expect(operations.find((op) => op.id === id)?.spec['x-panel-password'], id).toBeDefined();
  });

  it.each(operations.filter(({ spec }) => spec['x-panel-password']).map((op) => [op.id, op] as const))(
    '%s: a required body string, its rights, its limit and its 429',
    (_id, { spec, body }) => {
      const rule = spec['x-panel-password'] as JsonObject;
      expect(rule.in).toBe('body');
      const found = propertyAt(body, String(rule.name).split('.'));
      expect(found.schema?.type).toBe('string');
      expect(found.required).toBe(true);
      expect(RIGHTS).toContain(rule.rights);
      if (rule.group !== undefined)
        expect(propertyAt(body, String(rule.group).split('.')).schema?.type).toBe('integer');
      expect(Object.keys(policies)).toContain(spec['x-attempt-limit']);
      const responses = spec.responses as JsonObject;
      expect((responses['429'] as JsonObject).$ref).toBe('#/components/responses/TooManyRequests');
      const parameters = ((spec.parameters as unknown[] | undefined) ?? []).map(resolve);
      expect(parameters.filter((p) => p.in === 'query' && /pass/i.test(String(p.name)))).toEqual([]);
    },
  );

  it('every secret record names fields of its group and rights a panel user has', () => {
    const secret = Object.values(components.schemas!).filter((schema) => schema['x-panel-rights']);
    expect(secret.map((schema) => Number(schema['x-settings-group'])).sort((a, b) => a - b)).toEqual([2, 9, 21]);
    for (const schema of secret) {
      expect(RIGHTS).toContain(schema['x-panel-rights']);
      for (const field of schema['x-secret-fields'] as string[]) expect(schema.properties).toHaveProperty(field);
    }
  });
});
