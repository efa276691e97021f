/**
 * What the backend must enforce is written in the contract (openapi/README.md, "What the backend must enforce"):
 * every secured operation states its role level and the 403 it answers; every ownership entry names a request
 * value that exists, of a known kind, and the operation answers 404 for it; every plan check names a permission
 * of the authority plan. The access table of the README is the one the annotations give.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isObject, loadBundledContract, type JsonObject } from './contract-loader.ts';
import { ROOT } from '../../mocks/contract.ts';
import { renderAccessTable } from '../../codegen/access-table.ts';

const contract = loadBundledContract();
const components = contract.components as Record<string, Record<string, JsonObject>>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** A `#/components/...` reference followed (once per level), or the node itself. */
const resolve = (node: unknown): JsonObject => {
  let current = node;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string' && depth < 10; depth++) {
    const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(current.$ref) ?? [];
    current = kind && name ? components[kind]?.[decodeURIComponent(name)] : undefined;
  }
  return isObject(current) ? current : {};
};

/** The top-level property names a JSON body schema allows (through allOf, oneOf and anyOf). */
const bodyProperties = (schema: unknown): Set<string> => {
  const node = resolve(schema);
  const names = new Set(Object.keys(isObject(node.properties) ? node.properties : {}));
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const part of (node[key] as unknown[] | undefined) ?? [])
      for (const name of bodyProperties(part)) names.add(name);
  }
  return names;
};

const operations = Object.entries(contract.paths as Record<string, JsonObject>).flatMap(([route, item]) =>
  METHODS.filter((method) => isObject(item[method])).map((method) => {
    const spec = item[method] as JsonObject;
    const parameters = [...((item.parameters as unknown[]) ?? []), ...((spec.parameters as unknown[]) ?? [])].map(
      resolve,
    );
    const body = resolve(spec.requestBody);
    const json = isObject(body.content) ? (body.content as JsonObject)['application/json'] : undefined;
    return {
      name: `${method.toUpperCase()} ${route}`,
      spec,
      secured: !(Array.isArray(spec.security) && spec.security.length === 0),
      responses: Object.keys(isObject(spec.responses) ? spec.responses : {}),
      /** Where each request value is: `path:id`, `query:path`, `body:dev_id`. */
      values: new Set([
        ...parameters.map((parameter) => `${String(parameter.in)}:${String(parameter.name)}`),
        ...[...bodyProperties(isObject(json) ? json.schema : undefined)].map((name) => `body:${name}`),
      ]),
    };
  }),
);
const secured = operations.filter((op) => op.secured);

/** The plan permissions of `GET /user-authority` (the UserAuthority schema's booleans). */
/** The objects an `x-ownership` entry may name (openapi/README.md "Ownership"). */
const OBJECTS = ['panel', 'user', 'queued_write', 'order', 'coupon_request'];

const PERMISSIONS = new Set(Object.keys((components.schemas!.UserAuthority!.properties as JsonObject) ?? {}));

describe('what the backend must enforce, per operation', () => {
  it('gives every secured operation a role level of 0, 1 or 2, and no public one a level', () => {
    expect(secured.length).toBeGreaterThan(90);
    const bad = secured.filter((op) => ![0, 1, 2].includes(op.spec['x-required-level'] as number));
    expect(bad.map((op) => op.name)).toEqual([]);
    const publicWithLevel = operations.filter((op) => !op.secured && op.spec['x-required-level'] !== undefined);
    expect(publicWithLevel.map((op) => op.name)).toEqual([]);
  });

  it('declares the 403 on every secured operation', () => {
    expect(secured.filter((op) => !op.responses.includes('403')).map((op) => op.name)).toEqual([]);
  });

  it('names only request values that exist in its ownership entries, and answers 404 for them', () => {
    const problems: string[] = [];
    for (const op of operations) {
      const entries = op.spec['x-ownership'];
      if (entries === undefined) continue;
      if (!Array.isArray(entries) || entries.length === 0) problems.push(`${op.name}: x-ownership is not a list`);
      for (const entry of (entries as JsonObject[]) ?? []) {
        const where = `${String(entry.in)}:${String(entry.name)}`;
        if (!['path', 'query', 'body'].includes(String(entry.in))) problems.push(`${op.name}: in ${String(entry.in)}`);
        if (!op.values.has(where)) problems.push(`${op.name}: no request value ${where}`);
        if (!OBJECTS.includes(String(entry.object))) problems.push(`${op.name}: object ${String(entry.object)}`);
        if (entry.key !== undefined && !(entry.object === 'panel' && ['dev_id', 'id'].includes(String(entry.key)))) {
          problems.push(`${op.name}: key ${String(entry.key)}`);
        }
        if (![1, 2].includes(entry.relaxedFrom as number)) problems.push(`${op.name}: relaxedFrom`);
      }
      if (!op.responses.includes('404')) problems.push(`${op.name}: names an object but declares no 404`);
      if (!op.secured) problems.push(`${op.name}: ownership on a public operation`);
    }
    expect(problems).toEqual([]);
  });

  it("states whose purchases each list answers, with the pointer to each row's buyer", () => {
    const problems: string[] = [];
    for (const op of operations) {
      const reach = op.spec['x-list-reach'];
      if (reach === undefined) continue;
      if (!isObject(reach) || !['order', 'coupon_request'].includes(String(reach.object)))
        problems.push(`${op.name}: object`);
      else {
        if (![1, 2].includes(reach.relaxedFrom as number)) problems.push(`${op.name}: relaxedFrom`);
        if (typeof reach.ownerEmail !== 'string' || !/^(\/[A-Za-z_]+)+$/.test(reach.ownerEmail))
          problems.push(`${op.name}: ownerEmail`);
        if (reach.ownerDealercode !== undefined && !/^(\/[A-Za-z_]+)+$/.test(String(reach.ownerDealercode)))
          problems.push(`${op.name}: ownerDealercode`);
      }
      if (!op.name.startsWith('GET ') || !op.secured) problems.push(`${op.name}: a list reach on a non-list`);
    }
    expect(problems).toEqual([]);
    const listed = operations.filter((op) => op.spec['x-list-reach'] !== undefined).map((op) => op.spec.operationId);
    expect(listed.sort()).toEqual(['getCoupons', 'getOrderHistory']);
  });

  it('ties every order and coupon request id to its buyer, and a queued write to its panel', () => {
    const objects = (operationId: string) =>
      ((operations.find((op) => op.spec.operationId === operationId)?.spec['x-ownership'] as JsonObject[]) ?? []).map(
        (entry) => `${String(entry.in)} ${String(entry.name)}: ${String(entry.object)}`,
      );
    expect(objects('getCouponCodes')).toEqual(['path id: coupon_request']);
    expect(objects('billOrder')).toEqual(['path id: order']);
    expect(objects('cancelOrder')).toEqual(['path id: order', 'body id: order']);
    expect(objects('cancelQueuedWrite')).toEqual(['path id: queued_write']);
    expect(objects('resolveQueuedWrite')).toEqual(['path id: queued_write']);
  });

  it('asks only for permissions the authority plan has, from request values that exist', () => {
    const problems: string[] = [];
    for (const op of operations) {
      const plan = op.spec['x-plan'];
      if (plan === undefined) continue;
      if (!isObject(plan)) {
        problems.push(`${op.name}: x-plan is not an object`);
        continue;
      }
      if (plan.subscription !== undefined && typeof plan.subscription !== 'boolean') problems.push(`${op.name}: sub`);
      if (plan.permission !== undefined && !PERMISSIONS.has(String(plan.permission))) {
        problems.push(`${op.name}: permission ${String(plan.permission)}`);
      }
      const by = plan.permissionBy;
      if (by !== undefined) {
        if (!isObject(by) || !isObject(by.values)) problems.push(`${op.name}: permissionBy`);
        else {
          if (!op.values.has(`${String(by.in)}:${String(by.name)}`)) problems.push(`${op.name}: no ${String(by.name)}`);
          const unknown = Object.values(by.values).filter((permission) => !PERMISSIONS.has(String(permission)));
          if (unknown.length) problems.push(`${op.name}: permissions ${unknown.join(', ')}`);
        }
      }
      if (!op.responses.includes('403')) problems.push(`${op.name}: a plan check without 403`);
    }
    expect(problems).toEqual([]);
    // The panel commands are each behind their own permission (spec 1 §6).
    const control = operations.find((op) => op.spec.operationId === 'controlPanel')!;
    expect((control.spec['x-plan'] as { permissionBy: { values: JsonObject } }).permissionBy.values).toEqual({
      ARM: 'ARM',
      STAYARM: 'STAYARM',
      DISARM: 'DISARM',
      BYPASS: 'BYPASS',
      OUTPUT: 'OUTPUT',
    });
  });

  it('gives the administration its level: firmware, dealer requests, billing and the dashboard are for admins', () => {
    const levelOf = (operationId: string) =>
      operations.find((op) => op.spec.operationId === operationId)?.spec['x-required-level'];
    expect(
      ['getModelList', 'approveDealerRequest', 'getOrders', 'billOrder', 'getGeneralReport', 'moveDevice'].map(levelOf),
    ).toEqual([2, 2, 2, 2, 2, 2]);
    expect(['getUserList', 'getUserAllDevices', 'setPanelStatus', 'getOrderHistory'].map(levelOf)).toEqual([
      1, 1, 1, 1,
    ]);
    expect(['getUserDevices', 'controlPanel', 'getPanelSettings', 'getPaymentPlans'].map(levelOf)).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it('has the access table of openapi/README.md as the annotations give it', () => {
    const readme = readFileSync(path.join(ROOT, 'openapi', 'README.md'), 'utf8');
    expect(readme).toContain(renderAccessTable(contract as never));
  });
});

describe('the access table of openapi/README.md', () => {
  it('marks every proposed call, and only those', () => {
    const table = renderAccessTable(contract as never);
    const marked = table.split('\n').filter((row) => row.includes(' (proposed) |'));
    const proposed = operations
      .filter((op) => op.spec['x-proposed'] === true)
      .map((op) => `| \`${op.name}\` (proposed) |`);
    expect(proposed.length).toBeGreaterThanOrEqual(6);
    expect(marked.map((row) => row.slice(0, row.indexOf(' (proposed) |') + 13))).toEqual(proposed);
    expect(table).toContain(`${proposed.length} operations marked (proposed)`);
  });
});
