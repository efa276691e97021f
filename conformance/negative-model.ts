/**
 * What the negative check generates: the rules a case breaks, a case and its request, a candidate before ajv confirms
 * it, and which cases are kept (at most `maxCases` an operation, chosen by the seed).
 */
import type { JsonObject } from '../mocks/contract.ts';
import type { PlannedRequest } from './requests.ts';

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
export interface Node {
  schema: JsonObject;
  pointer: string;
}

export interface Candidate {
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

export const MISSING = Symbol('missing');
export const UNKNOWN_PROPERTY = 'x_unknown_property';

/** Chooses at most `max` cases: kinds in turn (one of each before any repeats), at random within a kind; stable order. */
export function choose(cases: NegativeCase[], max: number, random: () => number): NegativeCase[] {
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
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
