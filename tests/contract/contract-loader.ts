/** Test helpers: the bundled contract, compiled with the same JSON Schema dialect as the contract (2020-12). */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { bundleContract } from '../../codegen/bundle.ts';
import { ROOT } from '../../mocks/contract.ts';
import { readdirSync } from 'node:fs';
import path from 'node:path';

export type JsonObject = { [key: string]: unknown };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The settings groups of the contract, by their files (`openapi/settings/NN-<slug>.json`, one per group), in order. */
export const settingsGroupNumbers = (): number[] =>
  readdirSync(path.join(ROOT, 'openapi', 'settings'))
    .flatMap((name) => /^(\d\d)-.+\.json$/.exec(name)?.[1] ?? [])
    .map(Number)
    .sort((a, b) => a - b);

/** Bundles openapi/ afresh (tests see the sources, not a stale generated/openapi.json). */
export const loadBundledContract = (): JsonObject => bundleContract(path.join(ROOT, 'openapi')) as JsonObject;

export const createContractAjv = (contract: JsonObject) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  // OpenAPI's own format names: annotations only.
  for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(format, true);
  ajv.addSchema({ ...contract, $id: 'contract' });
  return ajv;
};

export const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
