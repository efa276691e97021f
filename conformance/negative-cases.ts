/**
 * The invalid requests of the negative check, generated from the contract's request schemas: each starts from the
 * valid request `planRequest` builds from the examples and breaks ONE rule (a required property missing, a
 * `pattern`, `minLength`, `maxLength`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `minItems`,
 * `maxItems`, `enum`, `const`, `format` or `type` violated, an unknown property where the schema is closed), in a
 * JSON body (nested objects and the first item of arrays too) or a path or query parameter. Every case is checked
 * invalid by ajv against the contract's request schema, and the base request valid, so the check never blames a
 * server for accepting a valid request. At most `maxCases` per operation are kept, chosen by a seed: one of each
 * rule kind before any kind repeats, in a stable order.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createContractAjv } from '../tests/contract/contract-loader.ts';
import type { Contract, JsonObject, Operation } from '../mocks/contract.ts';
import { seededRandom } from './checks.ts';
import { placeholderFile } from './files.ts';
import { isObject, planRequest, resolve, type PlannedRequest } from './requests.ts';

/** The rules a case breaks (the JSON Schema keyword; `enum` also covers a `oneOf` of `const` values). */
export const RULE_KINDS = [
  'required',
  'type',
  'enum',
  'const',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'additionalProperties',
  'unevaluatedProperties',
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export type Location = 'body' | 'query' | 'path';

export interface NegativeCase {
  /** `<operationId>: <field> <rule>`, e.g. `setsiacodesettings: body.event_code pattern`. */
  name: string;
  operationId: string;
  in: Location;
  /** Where the rule is broken: `body.settings[0].sia_code`, `query.limit`, `path.id`, `body` (unknown property). */
  field: string;
  rule: RuleKind;
  /** The rule with its value, e.g. `pattern ^[0-9A-F]{2}$`, `minimum 0`, `additionalProperties false`. */
  constraint: string;
  /** The value sent where the rule is broken; absent for a missing property. */
  value?: unknown;
  /** What was sent, in words: `sia_code 'A#' (pattern ^[0-9A-F]{2}$)`, `a body without required property 'dev_id'`. */
  description: string;
  request: PlannedRequest;
}

export type Generation =
  | { kind: 'none' }
  | { kind: 'skip'; reason: string }
  | {
      kind: 'cases';
      cases: NegativeCase[];
      /** Invalid cases found before the cap. */
      available: number;
      /** Candidates dropped because ajv found them valid (a value breaking one branch satisfied another). */
      dropped: number;
      /** What was not generated, e.g. a multipart body. */
      notes: string[];
    };

/** A schema and its JSON pointer in the contract document (escaped), so ajv can compile any part of it. */
interface Node {
  schema: JsonObject;
  pointer: string;
}

interface Candidate {
  in: Location;
  /** Path inside the body, or the parameter's name. */
  path: (string | number)[];
  rule: RuleKind;
  constraint: string;
  /** The value to put; `MISSING` removes it. */
  value: unknown;
  /** The ajv keyword that must report the case (else the case breaks something else: dropped). */
  keyword: string;
  /** For an added unknown property: its name. */
  added?: string;
}

const MISSING = Symbol('missing');
const UNKNOWN_PROPERTY = 'x_unknown_property';

const esc = (part: string | number) => String(part).replace(/~/g, '~0').replace(/\//g, '~1');
const unesc = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

const at = (contract: Contract, pointer: string): unknown => {
  let target: unknown = contract.document;
  for (const raw of pointer.split('/').slice(1)) target = isObject(target) ? target[unesc(raw)] : undefined;
  return target;
};

/** Keywords that only annotate a schema (the console's `x-` extensions too). */
const ANNOTATIONS = /^(x-.*|description|title|examples|example|default|deprecated|readOnly|writeOnly|\$comment)$/;

/** Follows `$ref`s to a node (the pointer moves to the target). */
const deref = (contract: Contract, node: Node): Node => {
  let current = node;
  for (let depth = 0; depth < 10; depth++) {
    const ref = current.schema.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) break;
    const keys = Object.keys(current.schema).filter((key) => key !== '$ref' && !ANNOTATIONS.test(key));
    // A `$ref` with sibling rules is handled as a conjunction by `parts`; here only one with annotations is followed.
    if (keys.length > 0) break;
    const target = at(contract, ref.slice(1));
    if (!isObject(target)) break;
    current = { schema: target, pointer: ref.slice(1) };
  }
  return current;
};

const jsonTypeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value;

const hasType = (value: unknown, type: string): boolean => {
  const actual = jsonTypeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
};

const typesOf = (schema: JsonObject): string[] | undefined =>
  typeof schema.type === 'string'
    ? [schema.type]
    : Array.isArray(schema.type)
      ? schema.type.filter((t): t is string => typeof t === 'string')
      : undefined;

/** Shows a value in a message: strings quoted (long ones cut), the rest as JSON. */
export const show = (value: unknown): string => {
  if (typeof value === 'string') {
    return value.length > 40 ? `'${value.slice(0, 24)}…' (${value.length} characters)` : `'${value}'`;
  }
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 24)}… (${text.length} characters)` : text;
};

/** `settings[0].sia_code` */
const fieldPath = (path: (string | number)[]): string =>
  path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part),
    '',
  );

const FORMAT_VALUES: Record<string, string> = {
  date: '2026-13-45',
  'date-time': '2026-13-45T99:99:99Z',
  time: '99:99:99',
  email: 'not-an-email',
  uri: 'not a uri',
  'uri-reference': 'not a uri\\',
  hostname: '-not a hostname-',
  ipv4: '999.1.1.1',
  ipv6: 'not-an-ipv6',
  uuid: 'not-a-uuid',
};

/** The value types tried, in order, for a `type` violation. */
const TYPE_CANDIDATES: unknown[] = ['abc', 7, 1.5, true, null, { x: 1 }, [1]];

export class NegativeCases {
  private readonly ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly contract: Contract) {
    this.ajv = createContractAjv(contract.document);
  }

  private validator(key: string, schema: () => object): ValidateFunction {
    let found = this.compiled.get(key);
    if (!found) {
      found = this.ajv.compile(schema());
      this.compiled.set(key, found);
    }
    return found;
  }

  private valid(pointer: string, value: unknown): boolean {
    return this.validator(pointer, () => ({ $ref: `contract#${pointer}` }))(value) === true;
  }

  /**
   * The schemas that all apply to a value (a conjunction): the node, its `$ref` target, its `allOf` members, the
   * `then`/`else` its `if` selects for the value, and the one `oneOf`/`anyOf` branch the value matches (none when
   * several or no branch match: breaking one of them would not be certainly invalid).
   */
  private parts(node: Node, value: unknown, depth = 0): Node[] {
    if (depth > 12) return [];
    const { schema, pointer } = node;
    const found: Node[] = [node];
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) {
      const target = at(this.contract, schema.$ref.slice(1));
      if (isObject(target))
        found.push(...this.parts({ schema: target, pointer: schema.$ref.slice(1) }, value, depth + 1));
    }
    if (Array.isArray(schema.allOf)) {
      schema.allOf.forEach((member, index) => {
        if (isObject(member))
          found.push(...this.parts({ schema: member, pointer: `${pointer}/allOf/${index}` }, value, depth + 1));
      });
    }
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const branches = schema[keyword];
      if (!Array.isArray(branches) || constValues(schema) !== undefined) continue;
      const matching = branches
        .map((branch, index) => ({ branch, pointer: `${pointer}/${keyword}/${index}` }))
        .filter(({ branch, pointer: at }) => isObject(branch) && this.valid(at, value));
      if (matching.length === 1 && isObject(matching[0]!.branch)) {
        found.push(...this.parts({ schema: matching[0]!.branch, pointer: matching[0]!.pointer }, value, depth + 1));
      }
    }
    if (isObject(schema.if)) {
      const branch = this.valid(`${pointer}/if`, value) ? 'then' : 'else';
      const chosen = schema[branch];
      if (isObject(chosen))
        found.push(...this.parts({ schema: chosen, pointer: `${pointer}/${branch}` }, value, depth + 1));
    }
    return found;
  }

  /** The candidates that break one rule of the value at `path` (rules of `nodes`, which all apply to it). */
  private candidates(
    nodes: Node[],
    value: unknown,
    path: (string | number)[],
    where: Location,
    textual: boolean,
  ): Candidate[] {
    const parts = nodes.flatMap((node) => this.parts(node, value));
    const out: Candidate[] = [];
    const seen = new Set<string>();
    const add = (candidate: Candidate) => {
      const key = `${fieldPath(candidate.path)} ${candidate.rule}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push(candidate);
    };
    const top = where === 'body' && path.length === 0;
    const text = typeof value === 'string' ? value : undefined;

    for (const { schema } of parts) {
      const types = typesOf(schema);
      if (types && !top) {
        // In a URL every value is text: only a type the text cannot be read as can be broken.
        const tried = textual ? ['abc'] : TYPE_CANDIDATES;
        const bad = tried.find((candidate) => !types.some((type) => hasType(candidate, type)));
        if (bad !== undefined && !(textual && types.includes('string')))
          add({ in: where, path, rule: 'type', constraint: `type ${types.join('|')}`, value: bad, keyword: 'type' });
      }
      const listed = Array.isArray(schema.enum) ? schema.enum : undefined;
      if (listed) {
        const bad = outside(listed, value);
        if (bad !== undefined)
          add({
            in: where,
            path,
            rule: 'enum',
            constraint: `enum ${listed.map((v) => JSON.stringify(v)).join('|')}`,
            value: bad,
            keyword: 'enum',
          });
      }
      if ('const' in schema) {
        const bad = outside([schema.const], value);
        if (bad !== undefined)
          add({
            in: where,
            path,
            rule: 'const',
            constraint: `const ${JSON.stringify(schema.const)}`,
            value: bad,
            keyword: 'const',
          });
      }
      const consts = constValues(schema);
      if (consts) {
        const bad = outside(consts, value);
        if (bad !== undefined)
          add({
            in: where,
            path,
            rule: 'enum',
            constraint: `one of ${consts.map((v) => JSON.stringify(v)).join('|')}`,
            value: bad,
            keyword: Array.isArray(schema.oneOf) ? 'oneOf' : 'anyOf',
          });
      }
      const stringRules = text !== undefined || (types?.includes('string') ?? false);
      if (stringRules) {
        const base = text ?? '';
        if (typeof schema.pattern === 'string') {
          const bad = breakPattern(schema.pattern, base, parts);
          if (bad !== undefined && !(where === 'path' && bad === ''))
            add({
              in: where,
              path,
              rule: 'pattern',
              constraint: `pattern ${schema.pattern}`,
              value: bad,
              keyword: 'pattern',
            });
        }
        if (typeof schema.format === 'string' && FORMAT_VALUES[schema.format])
          add({
            in: where,
            path,
            rule: 'format',
            constraint: `format ${schema.format}`,
            value: FORMAT_VALUES[schema.format],
            keyword: 'format',
          });
        if (
          typeof schema.minLength === 'number' &&
          schema.minLength > 0 &&
          !(where === 'path' && schema.minLength === 1)
        ) {
          const bad =
            base.length >= schema.minLength - 1
              ? base.slice(0, schema.minLength - 1)
              : 'x'.repeat(schema.minLength - 1);
          add({
            in: where,
            path,
            rule: 'minLength',
            constraint: `minLength ${schema.minLength}`,
            value: bad,
            keyword: 'minLength',
          });
        }
        if (typeof schema.maxLength === 'number') {
          const filler = base || 'x';
          let bad = base;
          while (bad.length <= schema.maxLength) bad += filler;
          add({
            in: where,
            path,
            rule: 'maxLength',
            constraint: `maxLength ${schema.maxLength}`,
            value: bad.slice(0, schema.maxLength + 1),
            keyword: 'maxLength',
          });
        }
      }
      const numberRules = typeof value === 'number' || (types?.some((t) => t === 'integer' || t === 'number') ?? false);
      if (numberRules) {
        const numeric: [RuleKind, unknown, number][] = [
          ['minimum', schema.minimum, -1],
          ['maximum', schema.maximum, 1],
          ['exclusiveMinimum', schema.exclusiveMinimum, 0],
          ['exclusiveMaximum', schema.exclusiveMaximum, 0],
        ];
        for (const [rule, limit, step] of numeric) {
          if (typeof limit !== 'number') continue;
          add({ in: where, path, rule, constraint: `${rule} ${limit}`, value: limit + step, keyword: rule });
        }
      }
      if (Array.isArray(value)) {
        if (typeof schema.minItems === 'number' && schema.minItems > 0)
          add({
            in: where,
            path,
            rule: 'minItems',
            constraint: `minItems ${schema.minItems}`,
            value: value.slice(0, schema.minItems - 1),
            keyword: 'minItems',
          });
        if (typeof schema.maxItems === 'number' && value.length > 0) {
          const bad = Array.from({ length: schema.maxItems + 1 }, (_, i) => value[i % value.length]);
          add({
            in: where,
            path,
            rule: 'maxItems',
            constraint: `maxItems ${schema.maxItems}`,
            value: bad,
            keyword: 'maxItems',
          });
        }
      }
      if (isObject(value)) {
        const required = Array.isArray(schema.required)
          ? schema.required.filter((r): r is string => typeof r === 'string')
          : [];
        for (const name of required) {
          if (name in value)
            add({
              in: where,
              path: [...path, name],
              rule: 'required',
              constraint: 'required',
              value: MISSING,
              keyword: 'required',
            });
        }
        for (const keyword of ['additionalProperties', 'unevaluatedProperties'] as const) {
          if (schema[keyword] === false && !(UNKNOWN_PROPERTY in value))
            add({
              in: where,
              path,
              rule: keyword,
              constraint: `${keyword} false`,
              value: 1,
              keyword,
              added: UNKNOWN_PROPERTY,
            });
        }
      }
    }

    // Nested values: each property of an object, the first item of an array, with every schema that applies to it.
    if (isObject(value)) {
      for (const [name, child] of Object.entries(value)) {
        const nodes = parts.flatMap(({ schema, pointer }) =>
          isObject(schema.properties) && isObject(schema.properties[name])
            ? [{ schema: schema.properties[name], pointer: `${pointer}/properties/${esc(name)}` }]
            : [],
        );
        if (nodes.length > 0) out.push(...this.candidates(nodes, child, [...path, name], where, textual));
      }
    } else if (Array.isArray(value) && value.length > 0) {
      const nodes = parts.flatMap(({ schema, pointer }) =>
        isObject(schema.items) ? [{ schema: schema.items, pointer: `${pointer}/items` }] : [],
      );
      if (nodes.length > 0) out.push(...this.candidates(nodes, value[0], [...path, 0], where, textual));
    }
    return out;
  }

  /** The negative cases of one operation (empty kinds: it takes no body and no path or query parameter). */
  generate(operation: Operation, token: string, options: { seed: number; maxCases: number }): Generation {
    const request = requestShape(this.contract, operation);
    const body = request.body;
    if (request.params.length === 0 && !body) return { kind: 'none' };
    const notes: string[] = [];
    const bodyKind = body?.encoding;
    if (body && bodyKind === 'other')
      notes.push(`${body.media} bodies are not generated: only JSON, multipart and form bodies are`);
    if (request.params.length === 0 && bodyKind === 'other') return { kind: 'skip', reason: notes[0]! };
    // A form body is built here (planRequest replays JSON and multipart only); the rest of the request is its own.
    const form = bodyKind === 'multipart' || bodyKind === 'urlencoded';
    const plan = planRequest(
      this.contract,
      form ? { ...operation, spec: { ...operation.spec, requestBody: null } } : operation,
      token,
    );
    if (plan.kind === 'skip') return { kind: 'skip', reason: `no valid request to start from: ${plan.reason}` };
    const base = plan.request;

    const baseQuery = new URLSearchParams(base.url.includes('?') ? base.url.slice(base.url.indexOf('?') + 1) : '');
    const baseParams = new Map<string, string | undefined>();
    for (const param of request.params) {
      if (param.in === 'query') baseParams.set(`query:${param.name}`, baseQuery.get(param.name) ?? undefined);
      else baseParams.set(`path:${param.name}`, param.example === undefined ? undefined : asText(param.example));
    }
    let baseBody: unknown;
    if (bodyKind === 'json' && typeof base.body === 'string') baseBody = JSON.parse(base.body) as unknown;
    if (form) baseBody = formModel(this.contract, body!, exampleOf(body!.content));
    if (body && bodyKind !== 'other' && baseBody === undefined && body.required)
      return { kind: 'skip', reason: 'the request body has no example to start from' };

    const validate = this.validator(`request ${operation.operationId}`, () => requestSchema(request));
    const model = (params: Map<string, string | undefined>, body: unknown) => requestModel(request, params, body);
    if (!validate(model(baseParams, baseBody))) {
      return {
        kind: 'skip',
        reason: `the request built from the examples is not valid: ${describeErrors(validate.errors ?? [])}`,
      };
    }

    const candidates: Candidate[] = [];
    for (const param of request.params) {
      const key = `${param.in}:${param.name}`;
      const current = baseParams.get(key);
      if (param.in === 'query' && param.required && current !== undefined) {
        candidates.push({
          in: 'query',
          path: [param.name],
          rule: 'required',
          constraint: 'required',
          value: MISSING,
          keyword: 'required',
        });
      }
      const typed = current === undefined ? undefined : coerce(this.contract, param.schema, current);
      const found = this.candidates([param.schema], typed, [param.name], param.in, true);
      candidates.push(...found.filter((c) => c.path.length === 1 && c.value !== MISSING));
    }
    if (body?.schema && baseBody !== undefined) {
      candidates.push(...this.candidates([body.schema], baseBody, [], 'body', form));
    }

    const valid: NegativeCase[] = [];
    let dropped = 0;
    for (const candidate of candidates) {
      const params = new Map(baseParams);
      let changed = baseBody;
      if (candidate.in === 'body') {
        changed = applied(baseBody, candidate);
        if (form) changed = formModel(this.contract, request.body!, changed);
      } else {
        const key = `${candidate.in}:${String(candidate.path[0])}`;
        params.set(key, candidate.value === MISSING ? undefined : asText(candidate.value));
      }
      const ok = validate(model(params, changed));
      const reported = (validate.errors ?? []).some((error) => error.keyword === candidate.keyword);
      if (ok || !reported) {
        dropped++;
        continue;
      }
      valid.push(this.toCase(operation, request, base, candidate, params, changed));
    }
    const cases = choose(valid, options.maxCases, seededRandom(options.seed ^ hash(operation.operationId)));
    return { kind: 'cases', cases, available: valid.length, dropped, notes };
  }

  private toCase(
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
      Object.assign(request, encodeBody(this.contract, shape.body!, body));
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
}

/** A value of the same kind as `value` that is none of `listed`. */
function outside(listed: unknown[], value: unknown): unknown {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const numbers = listed.filter((v): v is number => typeof v === 'number');
  const tries: unknown[] = [];
  if (typeof value === 'number' || (value === undefined && numbers.length > 0)) {
    tries.push(numbers.length ? Math.max(...numbers) + 1 : (value as number) + 1, -1);
  } else if (typeof value === 'boolean') tries.push(!value);
  else if (typeof value === 'string' || value === undefined) {
    const first = typeof listed[0] === 'string' ? listed[0] : (value ?? 'X');
    tries.push(`${String(first)}X`, 'X', 'zz-not-listed');
  }
  return tries.find((t) => !listed.some((v) => same(v, t)));
}

/** The values of a `oneOf`/`anyOf` whose branches are all `const` (an enumeration written with titles). */
function constValues(schema: JsonObject): unknown[] | undefined {
  const branches = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (!branches || branches.length === 0) return undefined;
  if (!branches.every((branch) => isObject(branch) && 'const' in branch)) return undefined;
  return branches.map((branch) => (branch as JsonObject).const);
}

/** A string the pattern refuses, kept within the length rules that also apply when one can be. */
function breakPattern(pattern: string, base: string, parts: Node[]): string | undefined {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  const min = Math.max(0, ...parts.map(({ schema }) => (typeof schema.minLength === 'number' ? schema.minLength : 0)));
  const max = Math.min(
    ...parts.map(({ schema }) => (typeof schema.maxLength === 'number' ? schema.maxLength : Infinity)),
  );
  const length = Math.max(base.length, min, 1);
  const tries = [
    base ? `${base.slice(0, -1)}#` : '#',
    base ? `#${base.slice(1)}` : '#',
    '#'.repeat(length),
    ' '.repeat(length),
    'a'.repeat(length),
    'A'.repeat(length),
    '0'.repeat(length),
    `${base}#`,
    '',
  ];
  const refused = tries.filter((t) => !regex.test(t));
  return refused.find((t) => t.length >= min && t.length <= max) ?? refused[0];
}

/** The body with the candidate's change at its path. */
function applied(body: unknown, candidate: Candidate): unknown {
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

/** Chooses at most `max` cases: kinds in turn (one of each before any repeats), at random within a kind; stable order. */
function choose(cases: NegativeCase[], max: number, random: () => number): NegativeCase[] {
  if (cases.length <= max) return cases;
  const byKind = new Map<RuleKind, number[]>();
  cases.forEach((c, index) => byKind.set(c.rule, [...(byKind.get(c.rule) ?? []), index]));
  const queues = RULE_KINDS.flatMap((kind) => {
    const indexes = byKind.get(kind);
    if (!indexes) return [];
    for (let i = indexes.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
    }
    return [indexes];
  });
  const picked: number[] = [];
  while (picked.length < max) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next !== undefined && picked.length < max) picked.push(next);
    }
  }
  return picked.sort((a, b) => a - b).map((index) => cases[index]!);
}

/** FNV-1a: each operation's own stream of the seed, whatever else the run includes. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

interface ParamShape {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  example: unknown;
  schema: Node;
}

interface BodyShape {
  media: string;
  required: boolean;
  /** How the body is sent; `other`: not generated. */
  encoding: 'json' | 'multipart' | 'urlencoded' | 'other';
  /** The media type object (schema, examples, encoding). */
  content: JsonObject;
  schema?: Node;
}

interface RequestShape {
  contract: Contract;
  operation: Operation;
  params: ParamShape[];
  body?: BodyShape;
}

/** The path and query parameters (with their schemas' pointers) and the body of an operation. */
function requestShape(contract: Contract, operation: Operation): RequestShape {
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
function requestSchema(shape: RequestShape): object {
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
function coerce(contract: Contract, node: Node, text: string): unknown {
  const schema = deref(contract, node).schema;
  const types = typesOf(schema) ?? [];
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text))
    return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function requestModel(shape: RequestShape, params: Map<string, string | undefined>, body: unknown): JsonObject {
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
function urlOf(operation: Operation, shape: RequestShape, params: Map<string, string | undefined>): string {
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

const describeErrors = (errors: ErrorObject[]): string =>
  errors
    .slice(0, 3)
    .map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`)
    .join('; ');

/** The value of the media type's first example (named first), else its `example`. */
function exampleOf(content: JsonObject): unknown {
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
function formModel(contract: Contract, body: BodyShape, value: unknown): unknown {
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
