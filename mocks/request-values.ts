/**
 * A request's named values read by the mock's one parser (mocks/ids.ts): each path and query parameter of the
 * matched operation and each JSON body value its `x-ownership` names, by the contract's schema of that value, each
 * operation's parameters resolved once. The front (front.ts) refuses with 400 a request whose value is not exactly
 * of its schema's form.
 */
import type { Contract, Operation } from './contract.ts';
import { isObject, parseJsonValue, parseText, resolve, type Scalar, type Schema } from './ids.ts';

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
