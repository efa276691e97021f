/**
 * The slight change the settings flow (settings-flow.ts) writes to a record: a yes/no flipped, else a number one up
 * or down, else the last character of a text changed. A record's own number (`id`, `zone_no` …) is never changed.
 */
import { leaves, type Path } from './flow-values.ts';

/** A field that names its record (`id`, `zone_no` …): never the one the flow changes. */
const namesRecord = (path: Path): boolean => path.length === 1 && /^(id|\w+_no)$/.test(String(path[0]));

/** The last character of a text, changed to its neighbour (a digit one up, a letter the next), else undefined. */
function changedText(text: string): string | undefined {
  const last = text.at(-1);
  if (last === undefined) return undefined;
  const next = /\d/.test(last)
    ? String((Number(last) + 1) % 10)
    : /[a-y]/i.test(last)
      ? String.fromCharCode(last.charCodeAt(0) + 1)
      : /z/i.test(last)
        ? String.fromCharCode(last.charCodeAt(0) - 25)
        : undefined;
  return next === undefined ? undefined : `${text.slice(0, -1)}${next}`;
}

/** The slight changes of a record's fields, in the order they are tried: yes/no flips, numbers, texts. */
export function candidates(fields: Record<string, unknown>): [Path, unknown][] {
  const all = leaves(fields).filter(([path]) => !namesRecord(path));
  const flips = all.flatMap(([path, value]): [Path, unknown][] => (typeof value === 'boolean' ? [[path, !value]] : []));
  const numbers = all.flatMap(([path, value]): [Path, unknown][] =>
    typeof value === 'number'
      ? [
          [path, value + 1],
          [path, value - 1],
        ]
      : [],
  );
  const texts = all.flatMap(([path, value]): [Path, unknown][] => {
    const changed = typeof value === 'string' ? changedText(value) : undefined;
    return changed === undefined ? [] : [[path, changed]];
  });
  return [...flips, ...numbers, ...texts];
}
