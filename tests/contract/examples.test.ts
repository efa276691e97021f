/**
 * Every example of the contract is valid against its schema: request bodies, responses (every status and
 * media type) and parameters. Every JSON request body and every JSON response has at least one example.
 */
import { describe, expect, it } from 'vitest';
import { createContractAjv, isObject, loadBundledContract, pointer, type JsonObject } from './contract-loader.ts';

const contract = loadBundledContract();
const ajv = createContractAjv(contract);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface ExampleCase {
  where: string;
  schemaPointer: string;
  value: unknown;
}

const cases: ExampleCase[] = [];
const missing: string[] = [];

const collectMedia = (where: string, base: string, content: unknown, needExample: boolean) => {
  if (!isObject(content)) return;
  for (const [media, raw] of Object.entries(content)) {
    if (!isObject(raw) || !raw.schema) continue;
    const schemaPointer = `${base}/content/${pointer(media)}/schema`;
    const examples = isObject(raw.examples) ? raw.examples : {};
    if (needExample && media.includes('json') && Object.keys(examples).length === 0 && raw.example === undefined) {
      missing.push(`${where} (${media})`);
    }
    for (const [name, example] of Object.entries(examples)) {
      if (isObject(example) && 'value' in example) {
        cases.push({ where: `${where} ${media} example "${name}"`, schemaPointer, value: example.value });
      }
    }
    if (raw.example !== undefined)
      cases.push({ where: `${where} ${media} example`, schemaPointer, value: raw.example });
  }
};

const paths = isObject(contract.paths) ? contract.paths : {};
for (const [path, item] of Object.entries(paths)) {
  if (!isObject(item)) continue;
  const itemParams = Array.isArray(item.parameters) ? item.parameters : [];
  for (const method of METHODS) {
    const operation = item[method];
    if (!isObject(operation)) continue;
    const base = `#/paths/${pointer(path)}/${method}`;
    const label = `${method.toUpperCase()} ${path}`;
    if (isObject(operation.requestBody)) {
      collectMedia(`${label} request`, `${base}/requestBody`, operation.requestBody.content, true);
    }
    const responses = isObject(operation.responses) ? operation.responses : {};
    for (const [status, response] of Object.entries(responses)) {
      if (!isObject(response)) continue;
      // Shared responses (a $ref) are checked once, below.
      if (typeof response.$ref !== 'string') {
        collectMedia(`${label} ${status}`, `${base}/responses/${pointer(status)}`, response.content, true);
      }
    }
    const params = [...itemParams, ...(Array.isArray(operation.parameters) ? operation.parameters : [])];
    params.forEach((param) => {
      const resolved =
        isObject(param) && typeof param.$ref === 'string'
          ? (contract.components as { parameters: Record<string, JsonObject> }).parameters[param.$ref.split('/').pop()!]
          : param;
      if (!isObject(resolved) || !isObject(resolved.schema)) return;
      if (resolved.in === 'path' || resolved.in === 'query') {
        if (resolved.example === undefined && !isObject(resolved.examples)) {
          missing.push(`${label} parameter ${String(resolved.name)}`);
        }
      }
      if (resolved.example !== undefined) {
        cases.push({
          where: `${label} parameter ${String(resolved.name)}`,
          schemaPointer: '',
          value: { schema: resolved.schema, value: resolved.example },
        });
      }
    });
  }
}

const components = contract.components as { responses?: Record<string, JsonObject> };
for (const [name, response] of Object.entries(components.responses ?? {})) {
  collectMedia(`response ${name}`, `#/components/responses/${pointer(name)}`, response.content, true);
}

/** Points the component references of an inline schema at the contract. */
const rebase = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(rebase);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `contract${value}` : rebase(value),
    ]),
  );
};

describe('contract examples', () => {
  it('has examples to check', () => {
    expect(cases.length).toBeGreaterThan(200);
  });

  it('gives every JSON body, every JSON response and every path/query parameter an example', () => {
    expect(missing).toEqual([]);
  });

  it.each(cases.map((c) => [c.where, c] as const))('%s is valid', (_where, example) => {
    if (example.schemaPointer === '') {
      const { schema, value } = example.value as { schema: JsonObject; value: unknown };
      const validate = ajv.compile(rebase(schema) as JsonObject);
      expect(validate(value), ajv.errorsText(validate.errors)).toBe(true);
      return;
    }
    const validate = ajv.getSchema(`contract${example.schemaPointer}`);
    expect(validate, `no schema at ${example.schemaPointer}`).toBeDefined();
    const ok = validate!(example.value);
    expect(ok, ajv.errorsText(validate!.errors, { separator: '\n' })).toBe(true);
  });
});
