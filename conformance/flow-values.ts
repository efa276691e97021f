/** Values as the flows read and change them: a path into a JSON value, every leaf of it, a body checked by its schema. */
import type { Operation } from '../mocks/contract.ts';
import { createContractAjv } from '../tests/contract/contract-loader.ts';
import type { CheckContext } from './checks.ts';
import { isObject } from './requests.ts';

export type Path = (string | number)[];
export const getAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>(
    (at, key) => (isObject(at) || Array.isArray(at) ? (at as Record<string, unknown>)[key] : undefined),
    value,
  );
export function setAt(value: Record<string, unknown>, path: Path, next: unknown): void {
  let at: Record<string, unknown> = value;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path.at(-1)!] = next;
}

/** Every leaf of a value (depth first), with its path. */
export function leaves(value: unknown, path: Path = []): [Path, unknown][] {
  if (isObject(value)) return Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]));
  if (Array.isArray(value)) return value.flatMap((child, index) => leaves(child, [...path, index]));
  return [[path, value]];
}

/** Whether a JSON body is valid against the operation's request body schema. */
export function compileBody(ctx: CheckContext, operation: Operation): (body: unknown) => boolean {
  const ajv = createContractAjv(ctx.contract.document);
  const part = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1');
  const raw = operation.spec.requestBody;
  const base =
    isObject(raw) && typeof raw.$ref === 'string'
      ? `contract${raw.$ref}`
      : `contract#/paths/${part(operation.path)}/${operation.method}/requestBody`;
  const validate = ajv.compile({ $ref: `${base}/content/application~1json/schema` });
  return (body) => validate(body) === true;
}
