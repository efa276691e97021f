/** The contract's schemas as the negative check walks them (JSON pointers, `$ref`, types) and the values that break a rule. */
import type { Contract, JsonObject } from '../mocks/contract.ts';
import type { Node } from './negative-model.ts';
import { isObject } from './requests.ts';

export const esc = (part: string | number) => String(part).replace(/~/g, '~0').replace(/\//g, '~1');
const unesc = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

export const at = (contract: Contract, pointer: string): unknown => {
  let target: unknown = contract.document;
  for (const raw of pointer.split('/').slice(1)) target = isObject(target) ? target[unesc(raw)] : undefined;
  return target;
};

/** Keywords that only annotate a schema (the console's `x-` extensions too). */
const ANNOTATIONS = /^(x-.*|description|title|examples|example|default|deprecated|readOnly|writeOnly|\$comment)$/;

/** Follows `$ref`s to a node (the pointer moves to the target). */
export const deref = (contract: Contract, node: Node): Node => {
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

export const hasType = (value: unknown, type: string): boolean => {
  const actual = jsonTypeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
};

export const typesOf = (schema: JsonObject): string[] | undefined =>
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
export const fieldPath = (path: (string | number)[]): string =>
  path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part),
    '',
  );

export const FORMAT_VALUES: Record<string, string> = {
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
export const TYPE_CANDIDATES: unknown[] = ['abc', 7, 1.5, true, null, { x: 1 }, [1]];

/** A value of the same kind as `value` that is none of `listed`. */
export function outside(listed: unknown[], value: unknown): unknown {
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
export function constValues(schema: JsonObject): unknown[] | undefined {
  const branches = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (!branches || branches.length === 0) return undefined;
  if (!branches.every((branch) => isObject(branch) && 'const' in branch)) return undefined;
  return branches.map((branch) => (branch as JsonObject).const);
}

/** A string the pattern refuses, kept within the length rules that also apply when one can be. */
export function breakPattern(pattern: string, base: string, parts: Node[]): string | undefined {
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
