// Over 200 lines: the request planning every check shares (a case's path, query and body from the contract), imported by 31 files.
/** Builds the request of one operation from the contract's own examples (parameters and the first body example). */
import type { Contract, JsonObject, Operation } from '../mocks/contract.ts';
import { placeholderFile } from './files.ts';

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows a local `$ref` (`#/components/...`) of the contract document. */
export const resolve = (contract: Contract, value: unknown): unknown => {
  let current = value;
  for (let depth = 0; depth < 10 && isObject(current) && typeof current.$ref === 'string'; depth++) {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) return current;
    let target: unknown = contract.document;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) ? target[key] : undefined;
    }
    current = target;
  }
  return current;
};

/**
 * Whether an operation can change something on the server or move a panel (every method but GET, unless the contract
 * marks it `x-changes-state: false`): such an operation is sent only to a target that says it is a test system
 * (`--allow-writes`), and never sent twice by itself (retry.ts).
 */
export const isWrite = (operation: Operation): boolean =>
  operation.method !== 'get' && (operation.spec as Record<string, unknown>)['x-changes-state'] !== false;

export const FIXED_HEADERS: Readonly<Record<string, string>> = { language: 'tr', agent: 'browser', country: 'TRY' };

export interface PlannedRequest {
  /** Path and query, to append to the proxy's base URL. */
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | FormData;
  contentType?: string;
  /** Name of the request body example used. */
  example?: string;
  /** Sending it twice changes nothing more than once (not `isWrite`): it may be sent again after a lost connection. */
  repeatable?: boolean;
}

export type Plan = { kind: 'request'; request: PlannedRequest } | { kind: 'skip'; reason: string };

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  example: unknown;
}

const parameters = (contract: Contract, operation: Operation): Parameter[] => {
  const byKey = new Map<string, Parameter>();
  const lists = [operation.pathItem.parameters, operation.spec.parameters];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const param = resolve(contract, raw);
      if (!isObject(param) || typeof param.name !== 'string' || typeof param.in !== 'string') continue;
      // Operation-level parameters override path-item ones with the same name and location.
      byKey.set(`${param.in}:${param.name}`, {
        name: param.name,
        in: param.in,
        required: param.required === true,
        example: param.example,
      });
    }
  }
  return [...byKey.values()];
};

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Whether the operation needs the bearer token (its own `security`, else the document's). */
export const needsToken = (contract: Contract, operation: Operation): boolean => {
  const security = operation.spec.security ?? contract.document.security;
  return Array.isArray(security) && security.some((item) => isObject(item) && Object.keys(item).length > 0);
};

/** Media types the operation's documented responses can have (sent as `Accept`). */
const acceptedMedia = (contract: Contract, operation: Operation): string[] => {
  const media = new Set<string>();
  const responses = isObject(operation.spec.responses) ? operation.spec.responses : {};
  for (const raw of Object.values(responses)) {
    const response = resolve(contract, raw);
    if (isObject(response) && isObject(response.content)) Object.keys(response.content).forEach((m) => media.add(m));
  }
  return [...media];
};

const firstExample = (media: JsonObject): { name?: string; value: unknown } | undefined => {
  const examples = isObject(media.examples) ? media.examples : {};
  for (const [name, raw] of Object.entries(examples)) {
    const example = isObject(raw) ? raw : undefined;
    if (example && 'value' in example) return { name, value: example.value };
  }
  return media.example !== undefined ? { value: media.example } : undefined;
};

const isBinarySchema = (schema: unknown): boolean =>
  isObject(schema) &&
  (schema.format === 'binary' || typeof schema.contentMediaType === 'string' || schema.contentEncoding === 'base64');

/** A multipart body from the example: binary fields become small generated files, the rest text fields. */
const multipartBody = (contract: Contract, media: JsonObject, value: unknown): FormData | string => {
  const schema = resolve(contract, media.schema);
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const encoding = isObject(media.encoding) ? media.encoding : {};
  if (!isObject(value)) return 'the multipart example is not an object of fields';
  const form = new FormData();
  for (const [field, fieldValue] of Object.entries(value)) {
    if (fieldValue === null || fieldValue === undefined) continue;
    const fieldSchema = resolve(contract, properties[field]);
    if (isBinarySchema(fieldSchema)) {
      const fieldEncoding = encoding[field];
      const allowed =
        isObject(fieldEncoding) && typeof fieldEncoding.contentType === 'string'
          ? fieldEncoding.contentType.split(',').map((type) => type.trim())
          : [];
      const file = placeholderFile(field, asText(fieldValue), allowed);
      form.append(field, new Blob([file.bytes], { type: file.type }), file.name);
    } else {
      form.append(field, asText(fieldValue));
    }
  }
  return form;
};

const queryString = (params: Parameter[]): string => {
  const query = new URLSearchParams();
  for (const param of params) {
    if (param.in !== 'query' || param.example === undefined) continue;
    if (Array.isArray(param.example)) param.example.forEach((item) => query.append(param.name, asText(item)));
    else query.append(param.name, asText(param.example));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
};

export function planRequest(contract: Contract, operation: Operation, token: string): Plan {
  const params = parameters(contract, operation);
  let url = operation.path;
  for (const param of params.filter((p) => p.in === 'path')) {
    if (param.example === undefined) return { kind: 'skip', reason: `path parameter ${param.name} has no example` };
    url = url.replace(`{${param.name}}`, encodeURIComponent(asText(param.example)));
  }
  const missing = params.find((p) => p.required && p.example === undefined && p.in !== 'header');
  if (missing) return { kind: 'skip', reason: `required ${missing.in} parameter ${missing.name} has no example` };
  url += queryString(params);

  const headers: Record<string, string> = { ...FIXED_HEADERS };
  for (const param of params) {
    if (param.in === 'header' && !(param.name.toLowerCase() in headers) && param.example !== undefined) {
      headers[param.name.toLowerCase()] = asText(param.example);
    }
  }
  if (needsToken(contract, operation)) headers.authorization = `Bearer ${token}`;
  const accept = acceptedMedia(contract, operation);
  if (accept.length > 0) headers.accept = accept.join(', ');

  const method = operation.method.toUpperCase();
  const repeatable = !isWrite(operation);
  const requestBody = resolve(contract, operation.spec.requestBody);
  if (!isObject(requestBody) || !isObject(requestBody.content)) {
    return { kind: 'request', request: { url, method, headers, repeatable } };
  }
  const content = requestBody.content;
  const jsonType = Object.keys(content).find((type) => /^application\/([\w.+-]+\+)?json$/.test(type));
  const media = jsonType ? content[jsonType] : content['multipart/form-data'];
  if (!isObject(media)) {
    return { kind: 'skip', reason: `request body media type ${Object.keys(content).join(', ')} is not replayed` };
  }
  const example = firstExample(media);
  if (!example) {
    if (requestBody.required !== true) return { kind: 'request', request: { url, method, headers, repeatable } };
    return { kind: 'skip', reason: 'the required request body has no example' };
  }
  if (jsonType) {
    headers['content-type'] = jsonType;
    const body = JSON.stringify(example.value);
    return {
      kind: 'request',
      request: { url, method, headers, repeatable, body, contentType: jsonType, example: example.name },
    };
  }
  const form = multipartBody(contract, media, example.value);
  if (typeof form === 'string') return { kind: 'skip', reason: `multipart: ${form}` };
  // fetch sets the multipart content type with its boundary.
  return {
    kind: 'request',
    request: {
      url,
      method,
      headers,
      repeatable,
      body: form,
      contentType: 'multipart/form-data',
      example: example.name,
    },
  };
}
