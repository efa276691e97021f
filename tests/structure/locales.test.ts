/** Every UI string exists in every locale: a missing key in any locale fails. */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );

const locales = readdirSync('locales')
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, keys: new Set(keys(JSON.parse(readFileSync(`locales/${name}`, 'utf8')) as Tree)) }));

describe('locales', () => {
  it('has Turkish and English', () => {
    expect(locales.map((locale) => locale.name)).toEqual(expect.arrayContaining(['en.json', 'tr.json']));
  });

  it.each(locales.map((locale) => [locale.name, locale] as const))(
    '%s has every key of every other locale',
    (_name, locale) => {
      const all = new Set(locales.flatMap((other) => [...other.keys]));
      expect([...all].filter((key) => !locale.keys.has(key))).toEqual([]);
    },
  );
});

describe('language dropdown', () => {
  it('has a name and a flag for every locale file', () => {
    const flags = new Set(readdirSync('locales/flags').filter((name) => name.endsWith('.svg')));
    for (const { name } of locales) {
      const translation = JSON.parse(readFileSync(`locales/${name}`, 'utf8')) as { language?: { name?: string } };
      expect(translation.language?.name, `${name} language.name`).toBeTruthy();
      expect(flags.has(name.replace('.json', '.svg')), `flag of ${name}`).toBe(true);
    }
  });
});
