// Over 200 lines: the mock's one parser of every named value by its schema (type, bounds, pattern, formats).
/**
 * The mock's one parser of the values a request names things by: each path and query parameter of the matched
 * operation, and each JSON body value its `x-ownership` names, read by the contract's own schema of that value
 * (`type`, `pattern`, `minimum`/`maximum`, `minLength`/`maxLength`, `enum`, the `date` and `date-time` formats).
 * It fails closed: a value that is not exactly of its schema's form is refused, never read leniently and never
 * skipped. An integer is written in digits only, without a sign, a decimal point, an exponent, spaces or leading
 * zeros (`0` itself excepted); a parameter given twice is refused. The front (front.ts) refuses such a request with
 * 400 before any area or access check runs; the access check (access.ts) and the areas read ids with the functions
 * below, so the mock has one reading of an id.
 */
import type { Contract, JsonObject, Operation } from './contract.ts';

export type Scalar = number | string | boolean;

/** A request's values as their schemas type them. */
export interface ParsedValues {
  path: Record<string, Scalar>;
  query: Record<string, Scalar>;
  /** The body values `x-ownership` names (those present). */
  body: Record<string, Scalar>;
}

export type ParseOutcome = { values: ParsedValues } | { refused: string };

/** What the parser reads of a request. */
export interface NamedValues {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

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

type Schema = JsonObject;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `#/components/...` reference followed, or the node itself. */
function resolve(contract: Contract, node: unknown): Schema {
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

/** The schema of a top-level property of a body schema (through allOf, oneOf, anyOf). */
function propertySchema(contract: Contract, node: unknown, name: string, depth = 0): Schema | undefined {
  const schema = resolve(contract, node);
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (properties[name] !== undefined) return resolve(contract, properties[name]);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const part of Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []) {
      const found = depth < 10 ? propertySchema(contract, part, name, depth + 1) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

interface Parameter {
  name: string;
  in: string;
  schema: Schema;
}

/** The path and query parameters of an operation (its path item's and its own), schemas resolved. */
function parametersOf(contract: Contract, operation: Operation): Parameter[] {
  const declared = [
    ...(Array.isArray(operation.pathItem.parameters) ? operation.pathItem.parameters : []),
    ...(Array.isArray(operation.spec.parameters) ? operation.spec.parameters : []),
  ].map((node) => resolve(contract, node));
  return declared
    .filter((p) => p.in === 'path' || p.in === 'query')
    .map((p) => ({ name: String(p.name), in: String(p.in), schema: resolve(contract, p.schema) }));
}

/** The parser of one contract: each operation's parameters resolved once. */
export class RequestParser {
  private readonly parameters = new Map<Operation, Parameter[]>();

  constructor(private readonly contract: Contract) {}

  /** The request's values by their schemas, or why one is refused. */
  parse(operation: Operation, request: NamedValues): ParseOutcome {
    const values: ParsedValues = { path: {}, query: {}, body: {} };
    let parameters = this.parameters.get(operation);
    if (!parameters) this.parameters.set(operation, (parameters = parametersOf(this.contract, operation)));
    for (const parameter of parameters) {
      if (parameter.in === 'path') {
        const value = parseText(parameter.schema, request.params[parameter.name] ?? '');
        if (value === undefined) return { refused: `path ${parameter.name} is not of its form` };
        values.path[parameter.name] = value;
        continue;
      }
      const given = request.query.getAll(parameter.name);
      if (given.length === 0 || parameter.schema.type === 'array') continue;
      if (given.length > 1) return { refused: `query ${parameter.name} is given ${given.length} times` };
      const value = parseText(parameter.schema, given[0]!);
      if (value === undefined) return { refused: `query ${parameter.name} is not of its form` };
      values.query[parameter.name] = value;
    }
    const rules = Array.isArray(operation.spec['x-ownership']) ? operation.spec['x-ownership'] : [];
    const media = resolve(this.contract, operation.spec.requestBody).content;
    const bodySchema = isObject(media) && isObject(media['application/json']) ? media['application/json'].schema : {};
    for (const rule of rules) {
      if (!isObject(rule) || rule.in !== 'body') continue;
      const name = String(rule.name);
      const given = request.body[name];
      if (given === undefined) continue;
      const value = parseJsonValue(propertySchema(this.contract, bodySchema, name) ?? {}, given);
      if (value === undefined) return { refused: `body ${name} is not of its form` };
      values.body[name] = value;
    }
    return { values };
  }
}
