// Over 200 lines: one block per rule the check breaks, the whole list of rules read in one place.
/**
 * The rules of one value the negative check breaks: for each schema that applies to the value, a candidate per rule it
 * states (type, enum, const, pattern, format, lengths, bounds, item counts, required and closed properties).
 */
import {
  MISSING,
  UNKNOWN_PROPERTY,
  type Candidate,
  type Location,
  type Node,
  type RuleKind,
} from './negative-model.ts';
import {
  FORMAT_VALUES,
  TYPE_CANDIDATES,
  breakPattern,
  constValues,
  hasType,
  outside,
  typesOf,
} from './negative-values.ts';
import { isObject } from './requests.ts';

/**
 * The candidates that break one rule of `value` at `path`, from the rules of `parts` (the schemas that all apply to
 * it); `add` keeps one candidate a field and rule. `textual`: the value travels as text (a URL, a form).
 */
export function ruleCandidates(
  parts: Node[],
  value: unknown,
  path: (string | number)[],
  where: Location,
  textual: boolean,
  add: (candidate: Candidate) => void,
): void {
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
          base.length >= schema.minLength - 1 ? base.slice(0, schema.minLength - 1) : 'x'.repeat(schema.minLength - 1);
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
}
