/**
 * A negative case as it is sent: the candidate's change applied to the body, a form body read as a server reads it
 * and encoded (JSON, URL-encoded, multipart with small generated files), the case's request and description.
 */
import type { Contract, JsonObject, Operation } from '../mocks/contract.ts';
import { placeholderFile } from './files.ts';
import { MISSING, type Candidate, type NegativeCase, type Node } from './negative-model.ts';
import { asText, coerce, urlOf, type BodyShape, type RequestShape } from './negative-request.ts';
import { deref, esc, fieldPath, show } from './negative-values.ts';
import { isObject, type PlannedRequest } from './requests.ts';

/** The body with the candidate's change at its path. */
export function applied(body: unknown, candidate: Candidate): unknown {
  const copy = structuredClone(body);
  const path = candidate.path;
  if (candidate.added) {
    const target = path.reduce<unknown>((node, part) => (node as Record<string | number, unknown>)[part], copy);
    (target as Record<string, unknown>)[candidate.added] = candidate.value;
    return copy;
  }
  if (path.length === 0) return candidate.value;
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((node, part) => (node as Record<string | number, unknown>)[part], copy);
  const last = path[path.length - 1]!;
  if (candidate.value === MISSING) delete (parent as Record<string | number, unknown>)[last];
  else (parent as Record<string | number, unknown>)[last] = structuredClone(candidate.value);
  return copy;
}

/** The value of the media type's first example (named first), else its `example`. */
export function exampleOf(content: JsonObject): unknown {
  const examples = isObject(content.examples) ? content.examples : {};
  for (const raw of Object.values(examples)) if (isObject(raw) && 'value' in raw) return raw.value;
  return content.example;
}

const isBinary = (schema: unknown): boolean =>
  isObject(schema) &&
  (schema.format === 'binary' || typeof schema.contentMediaType === 'string' || schema.contentEncoding === 'base64');

/** A form field's schema (the body schema's `properties`, `$ref` followed). */
function fieldSchema(contract: Contract, body: BodyShape, field: string): Node | undefined {
  const root = body.schema && deref(contract, body.schema);
  const properties = root && isObject(root.schema.properties) ? root.schema.properties : undefined;
  const schema = properties?.[field];
  return isObject(schema) ? { schema, pointer: `${root!.pointer}/properties/${esc(field)}` } : undefined;
}

/**
 * A form body as a server reads it: each field's text read by its schema's type (a number, a boolean), a file
 * field kept as its example text (`(binary) logo.png`).
 */
export function formModel(contract: Contract, body: BodyShape, value: unknown): unknown {
  if (!isObject(value)) return undefined;
  const model: JsonObject = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    if (fieldValue === null || fieldValue === undefined) continue;
    const node = fieldSchema(contract, body, field);
    const text = asText(fieldValue);
    model[field] = (
      node && !isBinary(deref(contract, node).schema) ? coerce(contract, node, text) : text
    ) as JsonObject;
  }
  return model;
}

/** The body of a case as it is sent: JSON, a URL-encoded form, or a multipart form with small generated files. */
function encodeBody(contract: Contract, body: BodyShape, value: unknown): Pick<PlannedRequest, 'body' | 'contentType'> {
  if (body.encoding === 'json') return { body: JSON.stringify(value), contentType: body.media };
  const fields = isObject(value) ? value : {};
  if (body.encoding === 'urlencoded') {
    const form = new URLSearchParams();
    for (const [field, fieldValue] of Object.entries(fields)) form.append(field, asText(fieldValue));
    return { body: form.toString(), contentType: body.media };
  }
  const encoding = isObject(body.content.encoding) ? body.content.encoding : {};
  const form = new FormData();
  for (const [field, fieldValue] of Object.entries(fields)) {
    const text = asText(fieldValue);
    const node = fieldSchema(contract, body, field);
    if (node && isBinary(deref(contract, node).schema)) {
      const fieldEncoding = encoding[field];
      const allowed =
        isObject(fieldEncoding) && typeof fieldEncoding.contentType === 'string'
          ? fieldEncoding.contentType.split(',').map((type) => type.trim())
          : [];
      const file = placeholderFile(field, text, allowed);
      form.append(field, new Blob([file.bytes], { type: file.type }), file.name);
    } else form.append(field, text);
  }
  return { body: form, contentType: body.media };
}

/** A candidate as the case it is sent as: its request (URL, body) and what it breaks, in words. */
export function toCase(
  contract: Contract,
  operation: Operation,
  shape: RequestShape,
  base: PlannedRequest,
  candidate: Candidate,
  params: Map<string, string | undefined>,
  body: unknown,
): NegativeCase {
  const inner = fieldPath(candidate.path);
  const field = inner ? `${candidate.in}.${inner}` : candidate.in;
  let description: string;
  if (candidate.value === MISSING) {
    description =
      candidate.in === 'body'
        ? `a body without required property '${inner}'`
        : `a request without required ${candidate.in} parameter '${inner}'`;
  } else if (candidate.added) {
    const where = inner ? `${inner}.${candidate.added}` : candidate.added;
    description = `a body with unknown property '${where}' (${candidate.constraint})`;
  } else {
    description = `${inner} ${show(candidate.value)} (${candidate.constraint})`;
  }
  const request: PlannedRequest = { ...base, headers: { ...base.headers }, url: urlOf(operation, shape, params) };
  if (candidate.in === 'body' || (shape.body?.encoding !== 'json' && body !== undefined)) {
    Object.assign(request, encodeBody(contract, shape.body!, body));
    if (shape.body?.encoding === 'multipart') delete request.headers['content-type'];
    else request.headers['content-type'] = request.contentType!;
  }
  return {
    name: `${operation.operationId}: ${field} ${candidate.rule}`,
    operationId: operation.operationId,
    in: candidate.in,
    field,
    rule: candidate.rule,
    constraint: candidate.constraint,
    ...(candidate.value === MISSING
      ? {}
      : { value: candidate.added ? { [candidate.added]: candidate.value } : candidate.value }),
    description,
    request,
  };
}
