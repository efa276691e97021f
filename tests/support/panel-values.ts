/**
 * Values a panel can report, generated from a group's panel side (generated/settings/panel-side.ts): for every field
 * its edge values (the lowest and highest number, every listed value, yes and no, the shortest and the longest text
 * of its pattern or length, so empty names, 00000000 and 11111111 keypad flags, no day and every day), each in a
 * record whose other fields are random, then records with every field at an edge at once, then random records. The
 * randomness is seeded: the same seed gives the same values.
 *
 * The panel side is JSON Schema of a small vocabulary (codegen/settings-panel-side.ts makes nothing else): `type`
 * object / boolean / integer / string, `properties` with `required`, `enum`, `minimum` / `maximum`, `minLength` /
 * `maxLength`, `pattern`, and rules between fields (`if` / `then` / `else`) that `isPanelValue` checks: a record it
 * refuses is drawn again. A pattern may use anchors at its ends, groups, `|`, character classes with ranges, escaped
 * characters and the quantifiers `?`, `*`, `+`, `{n}`, `{m,n}`, `{m,}`; anything else throws, never a silent guess.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A seeded random number in [0, 1) (mulberry32). */
export type Random = () => number;
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The longest text an unbounded pattern or length gives at its "longest" edge, and a random text at most. */
export const LONGEST_TEXT = 255;
const RANDOM_TEXT = 40;
/** Printable ASCII, what a text with no pattern is made of. */
const PRINTABLE = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join('');

/** How one value is drawn: its length (or number) at the least, the most or random; which option and character. */
interface Mode {
  size: 'min' | 'max' | 'random';
  option: 'first' | 'last' | 'random';
  char: 'first' | 'last' | 'random';
}
const RANDOM: Mode = { size: 'random', option: 'random', char: 'random' };
/** The edges: every combination of the least / most, first / last option and first / last character. */
const EDGE_MODES: Mode[] = (['min', 'max'] as const).flatMap((size) =>
  (['first', 'last'] as const).flatMap((option) =>
    (['first', 'last'] as const).map((char) => ({ size, option, char })),
  ),
);

const pick = <T>(items: readonly T[], how: 'first' | 'last' | 'random', random: Random): T => {
  if (items.length === 0) throw new Error('nothing to pick from');
  const index = how === 'first' ? 0 : how === 'last' ? items.length - 1 : Math.floor(random() * items.length);
  return items[index]!;
};

// ------------------------------------------------------------------ patterns
type Pattern =
  | { kind: 'options'; options: Pattern[] }
  | { kind: 'sequence'; items: { atom: Pattern; min: number; max: number }[] }
  | { kind: 'chars'; chars: string };

/** Parses the restricted regular expressions of the panel side (see the file's comment). */
export function parsePattern(source: string): Pattern {
  let body = source;
  if (!body.startsWith('^') || !body.endsWith('$') || body.endsWith('\\$')) {
    throw new Error(`pattern ${source}: the panel side anchors every pattern at both ends`);
  }
  body = body.slice(1, -1);
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`pattern ${source}: ${why} at ${at}`);
  };
  const escaped = (char: string): string => {
    if (/[.\\()[\]{}|?*+^$/-]/.test(char)) return char;
    if (char === 'd') return '0123456789';
    return fail(`unsupported escape \\${char}`);
  };
  const charClass = (): string => {
    at += 1; // [
    if (body[at] === '^') fail('a negated class');
    let chars = '';
    while (at < body.length && body[at] !== ']') {
      let char = body[at]!;
      at += 1;
      if (char === '\\') {
        char = escaped(body[at] ?? '');
        at += 1;
        chars += char;
        continue;
      }
      if (body[at] === '-' && body[at + 1] !== undefined && body[at + 1] !== ']') {
        const end = body[at + 1]!;
        at += 2;
        for (let code = char.charCodeAt(0); code <= end.charCodeAt(0); code += 1) chars += String.fromCharCode(code);
      } else {
        chars += char;
      }
    }
    if (body[at] !== ']') fail('an unclosed class');
    at += 1;
    return [...new Set(chars)].join('');
  };
  const quantifier = (): [number, number] => {
    const char = body[at];
    if (char === '?') return ((at += 1), [0, 1]);
    if (char === '*') return ((at += 1), [0, Infinity]);
    if (char === '+') return ((at += 1), [1, Infinity]);
    if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(body.slice(at));
      if (!match) return fail('a malformed {m,n}');
      at += match[0].length;
      const min = Number(match[1]);
      const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
      return [min, max];
    }
    return [1, 1];
  };
  const options = (): Pattern => {
    const list: Pattern[] = [sequence()];
    while (body[at] === '|') {
      at += 1;
      list.push(sequence());
    }
    return list.length === 1 ? list[0]! : { kind: 'options', options: list };
  };
  const sequence = (): Pattern => {
    const items: { atom: Pattern; min: number; max: number }[] = [];
    while (at < body.length && body[at] !== '|' && body[at] !== ')') {
      const char = body[at]!;
      let atom: Pattern;
      if (char === '(') {
        at += body.startsWith('(?:', at) ? 3 : 1;
        atom = options();
        if (body[at] !== ')') fail('an unclosed group');
        at += 1;
      } else if (char === '[') {
        atom = { kind: 'chars', chars: charClass() };
      } else if (char === '\\') {
        atom = { kind: 'chars', chars: escaped(body[at + 1] ?? '') };
        at += 2;
      } else if ('^$.*+?{}]'.includes(char)) {
        return fail(`unsupported ${char}`);
      } else {
        atom = { kind: 'chars', chars: char };
        at += 1;
      }
      const [min, max] = quantifier();
      items.push({ atom, min, max });
    }
    return { kind: 'sequence', items };
  };
  const parsed = options();
  if (at !== body.length) fail('unexpected )');
  return parsed;
}

/** The shortest and the longest text a pattern gives (an unbounded part counted at LONGEST_TEXT). */
const lengths = (pattern: Pattern): [number, number] => {
  switch (pattern.kind) {
    case 'chars':
      return [1, 1];
    case 'options': {
      const all = pattern.options.map(lengths);
      return [Math.min(...all.map(([min]) => min)), Math.max(...all.map(([, max]) => max))];
    }
    case 'sequence':
      return pattern.items.reduce<[number, number]>(
        ([min, max], item) => {
          const [atomMin, atomMax] = lengths(item.atom);
          const most = item.max === Infinity ? LONGEST_TEXT : item.max;
          return [min + item.min * atomMin, Math.min(LONGEST_TEXT, max + most * atomMax)];
        },
        [0, 0],
      );
  }
};

function fromPattern(pattern: Pattern, mode: Mode, random: Random): string {
  switch (pattern.kind) {
    case 'chars':
      return pick([...pattern.chars], mode.char, random);
    case 'options': {
      const measured = pattern.options.map((option) => ({ option, size: lengths(option) }));
      const best =
        mode.size === 'min'
          ? Math.min(...measured.map(({ size }) => size[0]))
          : mode.size === 'max'
            ? Math.max(...measured.map(({ size }) => size[1]))
            : undefined;
      const candidates = measured.filter(({ size }) =>
        best === undefined ? true : mode.size === 'min' ? size[0] === best : size[1] === best,
      );
      return fromPattern(pick(candidates, mode.option, random).option, mode, random);
    }
    case 'sequence':
      return pattern.items
        .map(({ atom, min, max }) => {
          const most = max === Infinity ? (mode.size === 'max' ? LONGEST_TEXT : min + RANDOM_TEXT) : max;
          const count =
            mode.size === 'min' ? min : mode.size === 'max' ? most : min + Math.floor(random() * (most - min + 1));
          return Array.from({ length: count }, () => fromPattern(atom, mode, random)).join('');
        })
        .join('');
  }
}

// ------------------------------------------------------------------ values
const numberOf = (schema: JsonObject, key: string, fallback: number): number =>
  typeof schema[key] === 'number' ? schema[key] : fallback;

/** One value of a panel-side schema, drawn in `mode`. */
export function panelValue(schema: JsonObject, mode: Mode, random: Random, where = '#'): Json {
  if (Array.isArray(schema.enum)) return pick(schema.enum, mode.size === 'random' ? 'random' : mode.option, random);
  switch (schema.type) {
    case 'object': {
      const properties = isObject(schema.properties) ? schema.properties : {};
      return Object.fromEntries(
        Object.entries(properties).map(([name, value]) => [
          name,
          panelValue(value as JsonObject, mode, random, `${where}.${name}`),
        ]),
      );
    }
    case 'boolean':
      return mode.size === 'random' ? random() < 0.5 : mode.option === 'last';
    case 'integer': {
      const min = numberOf(schema, 'minimum', Number.MIN_SAFE_INTEGER);
      const max = numberOf(schema, 'maximum', Number.MAX_SAFE_INTEGER);
      if (mode.size === 'min') return min;
      if (mode.size === 'max') return max;
      // Half of the random numbers near the least (where real settings are), half anywhere in the range.
      const top = random() < 0.5 ? Math.min(max, min + 100) : max;
      return min + Math.floor(random() * (top - min + 1));
    }
    case 'string': {
      const minLength = numberOf(schema, 'minLength', 0);
      const maxLength = numberOf(schema, 'maxLength', LONGEST_TEXT);
      let text: string;
      if (typeof schema.pattern === 'string') {
        text = fromPattern(parsePattern(schema.pattern), mode, random);
      } else {
        const most = mode.size === 'random' ? Math.min(maxLength, minLength + RANDOM_TEXT) : maxLength;
        const length =
          mode.size === 'min'
            ? minLength
            : mode.size === 'max'
              ? maxLength
              : minLength + Math.floor(random() * (most - minLength + 1));
        text = Array.from({ length }, () => pick([...PRINTABLE], mode.char, random)).join('');
      }
      if (text.length < minLength || text.length > maxLength) {
        throw new Error(`${where}: a pattern with a length limit is not supported (${JSON.stringify(schema)})`);
      }
      return text;
    }
    default:
      throw new Error(`${where}: no values for ${JSON.stringify(schema)}`);
  }
}

/** Every field of an object schema (and of its object fields) with its dotted path. */
function leaves(schema: JsonObject, path: string[] = []): { path: string[]; schema: JsonObject }[] {
  if (schema.type !== 'object' || !isObject(schema.properties)) return [{ path, schema }];
  return Object.entries(schema.properties).flatMap(([name, value]) => leaves(value as JsonObject, [...path, name]));
}

const withValue = (record: JsonObject, path: string[], value: Json): JsonObject => {
  const copy = structuredClone(record);
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as JsonObject;
  node[path[path.length - 1]!] = value;
  return copy;
};

/** The distinct edge values of one field. */
function edgesOf(schema: JsonObject, random: Random): Json[] {
  const seen = new Map<string, Json>();
  for (const mode of EDGE_MODES) {
    const value = panelValue(schema, mode, random);
    seen.set(JSON.stringify(value), value);
  }
  if (Array.isArray(schema.enum)) for (const value of schema.enum) seen.set(JSON.stringify(value), value);
  return [...seen.values()];
}

export interface PanelRecord {
  /** Why the record was drawn: the field and its edge value, the edge mode, or `random n`. */
  label: string;
  value: JsonObject;
}

export interface PanelRecordOptions {
  seed: number;
  /** How many random records to add after the edges. */
  random: number;
  /** The whole panel side's check (the rules between fields included); a record it refuses is drawn again. */
  isPanelValue(value: JsonObject): boolean;
}

/** How often a record that breaks a rule between fields is drawn again before the edge counts as impossible. */
const DRAWS = 50;

/** The records a panel can report for a group whose panel side is `schema` (an object schema). */
export function panelRecords(schema: JsonObject, options: PanelRecordOptions): PanelRecord[] {
  const random = seededRandom(options.seed);
  const draw = (): JsonObject => panelValue(schema, RANDOM, random) as JsonObject;
  const records: PanelRecord[] = [];
  for (const leaf of leaves(schema)) {
    for (const edge of edgesOf(leaf.schema, random)) {
      const label = `${leaf.path.join('.')} = ${JSON.stringify(edge)}`;
      let found: JsonObject | undefined;
      for (let attempt = 0; attempt < DRAWS && !found; attempt += 1) {
        const candidate = withValue(draw(), leaf.path, edge);
        if (options.isPanelValue(candidate)) found = candidate;
      }
      if (!found) throw new Error(`${label}: no record with it is a panel value`);
      records.push({ label, value: found });
    }
  }
  // Every field at an edge at once (a combination the rules between fields refuse is left out).
  for (const mode of EDGE_MODES) {
    const value = panelValue(schema, mode, random) as JsonObject;
    if (options.isPanelValue(value)) records.push({ label: `every field at ${JSON.stringify(mode)}`, value });
  }
  for (let n = 0; n < options.random; n += 1) {
    let value = draw();
    for (let attempt = 0; attempt < DRAWS && !options.isPanelValue(value); attempt += 1) value = draw();
    if (!options.isPanelValue(value)) throw new Error(`random ${n}: no panel value drawn`);
    records.push({ label: `random ${n}`, value });
  }
  return records;
}
