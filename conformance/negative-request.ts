/**
 * An operation's request as the negative check models it: its path and query parameters and body (with their
 * schemas' pointers), the JSON Schema of the whole request ajv judges a case by, and the URL a case is sent to.
 */
import type { ErrorObject } from 'ajv';
import type { Contract, JsonObject, Operation } from '../mocks/contract.ts';
import type { Node } from './negative-model.ts';
import { deref, esc, typesOf } from './negative-values.ts';
import { isObject, resolve } from './requests.ts';

export const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

export interface ParamShape {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  example: unknown;
  schema: Node;
}

export interface BodyShape {
  media: string;
  required: boolean;
  /** How the body is sent; `other`: not generated. */
  encoding: 'json' | 'multipart' | 'urlencoded' | 'other';
  /** The media type object (schema, examples, encoding). */
  content: JsonObject;
  schema?: Node;
}

export interface RequestShape {
  contract: Contract;
  operation: Operation;
  params: ParamShape[];
  body?: BodyShape;
}

/** The path and query parameters (with their schemas' pointers) and the body of an operation. */
export function requestShape(contract: Contract, operation: Operation): RequestShape {
  const base = `/paths/${esc(operation.path)}`;
  const byKey = new Map<string, ParamShape>();
  const lists: [unknown, string][] = [
    [operation.pathItem.parameters, `${base}/parameters`],
    [operation.spec.parameters, `${base}/${operation.method}/parameters`],
  ];
  for (const [list, pointer] of lists) {
    if (!Array.isArray(list)) continue;
    list.forEach((raw, index) => {
      const ref = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref : undefined;
      const param = resolve(contract, raw);
      if (!isObject(param) || (param.in !== 'path' && param.in !== 'query') || typeof param.name !== 'string') return;
      if (!isObject(param.schema)) return;
      byKey.set(`${param.in}:${param.name}`, {
        name: param.name,
        in: param.in,
        required: param.required === true,
        example: param.example,
        schema: { schema: param.schema, pointer: `${ref ? ref.slice(1) : `${pointer}/${index}`}/schema` },
      });
    });
  }
  const shape: RequestShape = { contract, operation, params: [...byKey.values()] };
  const raw = operation.spec.requestBody;
  const requestBody = resolve(contract, raw);
  if (isObject(requestBody) && isObject(requestBody.content)) {
    const bodyPointer =
      isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref.slice(1) : `${base}/${operation.method}/requestBody`;
    const media = Object.keys(requestBody.content);
    const chosen =
      media.find((type) => /^application\/([\w.+-]+\+)?json$/.test(type)) ??
      media.find((type) => type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded');
    const content = chosen ? requestBody.content[chosen] : undefined;
    const encoding: BodyShape['encoding'] = !chosen
      ? 'other'
      : chosen === 'multipart/form-data'
        ? 'multipart'
        : chosen === 'application/x-www-form-urlencoded'
          ? 'urlencoded'
          : 'json';
    shape.body = {
      media: chosen ?? media.join(', '),
      required: requestBody.required === true,
      encoding: isObject(content) && isObject(content.schema) ? encoding : 'other',
      content: isObject(content) ? content : {},
      ...(isObject(content) && isObject(content.schema)
        ? { schema: { schema: content.schema, pointer: `${bodyPointer}/content/${esc(chosen!)}/schema` } }
        : {}),
    };
  }
  return shape;
}

/** The JSON Schema of a whole request: `{ path, query, body }`, each part referring to the contract's schemas. */
export function requestSchema(shape: RequestShape): object {
  const group = (where: 'path' | 'query') => {
    const params = shape.params.filter((p) => p.in === where);
    return {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, { $ref: `contract#${p.schema.pointer}` }])),
      required: params.filter((p) => p.required).map((p) => p.name),
    };
  };
  const schema = shape.body?.schema;
  return {
    type: 'object',
    properties: {
      path: group('path'),
      query: group('query'),
      ...(schema ? { body: { $ref: `contract#${schema.pointer}` } } : {}),
    },
    required: ['path', 'query', ...(schema && shape.body?.required ? ['body'] : [])],
  };
}

/** A parameter's text as a server reads it by its schema's type (a number, a boolean), else the text. */
export function coerce(contract: Contract, node: Node, text: string): unknown {
  const schema = deref(contract, node).schema;
  const types = typesOf(schema) ?? [];
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text))
    return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

export function requestModel(shape: RequestShape, params: Map<string, string | undefined>, body: unknown): JsonObject {
  const group = (where: 'path' | 'query') =>
    Object.fromEntries(
      shape.params.flatMap((p) => {
        const text = params.get(`${where}:${p.name}`);
        return p.in === where && text !== undefined ? [[p.name, coerce(shape.contract, p.schema, text)]] : [];
      }),
    );
  return {
    path: group('path'),
    query: group('query'),
    ...(body !== undefined ? { body: body as JsonObject } : {}),
  } as JsonObject;
}

/** The request's URL with the given parameter texts (absent query parameters are left out). */
export function urlOf(operation: Operation, shape: RequestShape, params: Map<string, string | undefined>): string {
  let url = operation.path;
  const query = new URLSearchParams();
  for (const param of shape.params) {
    const text = params.get(`${param.in}:${param.name}`);
    if (param.in === 'path') url = url.replace(`{${param.name}}`, encodeURIComponent(text ?? ''));
    else if (text !== undefined) query.append(param.name, text);
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

export const describeErrors = (errors: ErrorObject[]): string =>
  errors
    .slice(0, 3)
    .map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`)
    .join('; ');
