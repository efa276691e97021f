/**
 * The mock's one parser of the values a request names things by: each path and query parameter of the matched
 * operation, and each JSON body value its `x-ownership` names, read by the contract's own schema of that value
 * (`type`, `pattern`, `minimum`/`maximum`, `minLength`/`maxLength`, `enum`, the `date` and `date-time` formats).
 * It fails closed: a value that is not exactly of its schema's form is refused, never read leniently and never
 * skipped. An integer is written in digits only, without a sign, a decimal point, an exponent, spaces or leading
 * zeros (`0` itself excepted); a parameter given twice is refused. The front (front.ts) refuses such a request with
 * 400 before any area or access check runs (each request's values read by request-values.ts); the access check
 * (access.ts) and the areas read ids with the functions below, so the mock has one reading of an id.
 */
import type { Contract, JsonObject } from './contract.ts';

export type Scalar = number | string | boolean;

const INTEGER = /^(0|-?[1-9][0-9]*)$/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** An integer written exactly as digits (a leading `-` for a negative one), else undefined. */
export function parseInteger(text: string): number | undefined {
  if (!INTEGER.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** An id of a JSON body: a safe integer, or its exact digits; else undefined. */
export function integerValue(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  return typeof value === 'string' ? parseInteger(value) : undefined;
}

/**
 * An id the mock holds or was given (a JSON body's, a token's claim, a row of the contract's examples): a safe
 * integer or its exact digits, else NaN, which matches no id (never `Number()`'s reading of `true`, `''` or `'5.0'`).
 */
export const idValue = (value: unknown): number => integerValue(value) ?? Number.NaN;

/** A path parameter the front already parsed, as a number (NaN when absent or not an integer). */
export const pathInteger = (request: { params: Record<string, string> }, name: string): number =>
  parseInteger(request.params[name] ?? '') ?? Number.NaN;

export type Schema = JsonObject;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `#/components/...` reference followed, or the node itself. */
export function resolve(contract: Contract, node: unknown): Schema {
  let current = node;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string' && depth < 10; depth++) {
    const [kind, name] = current.$ref.replace(/^#\/components\//, '').split('/');
    const section = isObject(contract.document.components) ? contract.document.components[kind ?? ''] : undefined;
    current = isObject(section) ? section[decodeURIComponent(name ?? '')] : undefined;
  }
  return isObject(current) ? current : {};
}

/** The bounds, enumeration and multiple of a number. */
function withinNumber(schema: Schema, value: number): boolean {
  const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const [min, max, xmin, xmax] = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].map(num);
  if (min !== undefined && value < min) return false;
  if (max !== undefined && value > max) return false;
  if (xmin !== undefined && value <= xmin) return false;
  if (xmax !== undefined && value >= xmax) return false;
  return !Array.isArray(schema.enum) || schema.enum.includes(value);
}

function validDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The rules of a string: length, pattern, enumeration, the date formats. */
function withinString(schema: Schema, text: string): boolean {
  const length = [...text].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) return false;
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) return false;
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(text)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(text)) return false;
  if (schema.format === 'date' && !validDate(text)) return false;
  if (schema.format === 'date-time' && !(DATE_TIME.test(text) && validDate(text.slice(0, 10)))) return false;
  return true;
}

/** A parameter's text read by its schema, or undefined when it is not exactly of that form. */
export function parseText(schema: Schema, text: string): Scalar | undefined {
  switch (schema.type) {
    case 'integer': {
      const value = parseInteger(text);
      return value !== undefined && withinNumber(schema, value) ? value : undefined;
    }
    case 'number': {
      const value = NUMBER.test(text) ? Number(text) : Number.NaN;
      return Number.isFinite(value) && withinNumber(schema, value) ? value : undefined;
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    default:
      return withinString(schema, text) ? text : undefined;
  }
}

/** A JSON body value read by its schema (no coercion: an integer is a JSON number), or undefined. */
export function parseJsonValue(schema: Schema, value: unknown): Scalar | undefined {
  if (schema.type === 'string') return typeof value === 'string' && withinString(schema, value) ? value : undefined;
  if (typeof value !== 'number') return undefined;
  if (schema.type === 'number') return Number.isFinite(value) && withinNumber(schema, value) ? value : undefined;
  // An integer, and a value whose schema the contract does not give (ids are integers).
  return Number.isSafeInteger(value) && withinNumber(schema, value) ? value : undefined;
}
