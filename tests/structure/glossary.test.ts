/**
 * One thing, one name: the glossary of CONTRIBUTING.md ("Words") names, for each thing of the domain, the word each
 * language uses and the variants it must not use. Every text of tr.json and en.json is checked against the variants
 * of its language, and every key named `amount` (the contract's `amount`, a quantity) says the quantity word, so a
 * new text that drifts to a synonym fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const texts = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : texts(value, `${prefix}${key}.`),
  );

interface Term {
  thing: string;
  tr: string;
  en: string;
  notTr: string[];
  notEn: string[];
}

/** The glossary's rows (between its markers in CONTRIBUTING.md). */
export function glossary(markdown: string): Term[] {
  const start = markdown.indexOf('<!-- glossary:start -->');
  const end = markdown.indexOf('<!-- glossary:end -->');
  if (start < 0 || end < start) throw new Error('CONTRIBUTING.md has no glossary markers');
  const variants = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  return markdown
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .filter((cells) => cells.length === 5 && cells[0] !== 'thing' && !/^-+$/.test(cells[0]!))
    .map(([thing, tr, en, notTr, notEn]) => ({
      thing: thing!,
      tr: tr!,
      en: en!,
      notTr: variants(notTr!),
      notEn: variants(notEn!),
    }));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A variant as a pattern: `stem*` is a word start, anything else a whole word or phrase; letter case ignored. */
export const variantPattern = (variant: string): RegExp => {
  const stem = variant.endsWith('*');
  const body = escape(stem ? variant.slice(0, -1) : variant).replace(/ /g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}${stem ? '' : '(?![\\p{L}\\p{N}])'}`, 'iu');
};

const terms = glossary(readFileSync('CONTRIBUTING.md', 'utf8'));
const locale = (code: string) => texts(JSON.parse(readFileSync(`locales/${code}.json`, 'utf8')) as Tree);

describe('glossary', () => {
  it('is read from CONTRIBUTING.md', () => {
    expect(terms.map((term) => term.thing)).toEqual(
      expect.arrayContaining(['zone', 'bypass', 'device ID (`dev_id`)', 'output', 'partition']),
    );
    expect(terms.find((term) => term.thing === 'zone')?.notTr).toEqual(['bölge*']);
  });

  it('finds a variant as a word start or a whole word, whatever its letter case', () => {
    expect(variantPattern('bölge*').test('19 bölgeden birini')).toBe(true);
    expect(variantPattern('atlat*').test('Kapatın ya da Atlatın')).toBe(true);
    expect(variantPattern('PIN').test('Wrong pin')).toBe(true);
    expect(variantPattern('PIN').test('pinned')).toBe(false);
    expect(variantPattern('device no').test('Device  No')).toBe(true);
    expect(variantPattern('area').test('Text areas')).toBe(false);
  });

  it.each([
    ['tr', 'notTr'],
    ['en', 'notEn'],
  ] as const)('%s.json uses none of the variants the glossary rules out', (code, column) => {
    const found = locale(code).flatMap(([key, text]) =>
      terms.flatMap((term) =>
        term[column].filter((variant) => variantPattern(variant).test(text)).map((v) => `${key}: "${text}" (${v})`),
      ),
    );
    expect(found).toEqual([]);
  });

  it.each(['tr', 'en'] as const)('%s.json calls an order amount by the quantity word', (code) => {
    const quantity = terms.find((term) => term.thing.startsWith('quantity'))!;
    const word = code === 'tr' ? quantity.tr : quantity.en;
    // The orders' and coupon requests' `amount` columns, and the coupon form's field sent as `Amount`.
    const amounts = locale(code).filter(([key]) => key.endsWith('.amount') || key === 'coupons.create.count');
    expect(amounts.length).toBeGreaterThan(2);
    expect(amounts.filter(([, text]) => text !== word)).toEqual([]);
  });
});
