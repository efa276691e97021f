// Over 200 lines: the generator of one operation's cases (base request, the schemas that apply, ajv's verdict, the seed's choice) in one class.
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
import type { ValidateFunction } from 'ajv';
import { createContractAjv } from '../tests/contract/contract-loader.ts';
import type { Contract, Operation } from '../mocks/contract.ts';
import { seededRandom } from './checks.ts';
import { applied, exampleOf, formModel, toCase } from './negative-encode.ts';
import {
  MISSING,
  choose,
  hash,
  type Candidate,
  type Generation,
  type Location,
  type NegativeCase,
  type Node,
} from './negative-model.ts';
import { asText, coerce, describeErrors, requestModel, requestSchema, requestShape } from './negative-request.ts';
import { ruleCandidates } from './negative-rules.ts';
import { at, constValues, esc, fieldPath } from './negative-values.ts';
import { isObject, planRequest } from './requests.ts';

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
    ruleCandidates(parts, value, path, where, textual, add);

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
      valid.push(toCase(this.contract, operation, request, base, candidate, params, changed));
    }
    const cases = choose(valid, options.maxCases, seededRandom(options.seed ^ hash(operation.operationId)));
    return { kind: 'cases', cases, available: valid.length, dropped, notes };
  }
}
