/**
 * Every UI string exists in every locale: a missing key in any locale fails. The language list
 * (locales/languages.json) names every locale file, each with its own name and a flag that exists.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );

/** The list of languages the console offers (locales/languages.json). */
const LIST = 'languages.json';
const languages = JSON.parse(readFileSync(`locales/${LIST}`, 'utf8')) as { code: string; name: string; flag: string }[];

const locales = readdirSync('locales')
  .filter((name) => name.endsWith('.json') && name !== LIST)
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

describe('language list', () => {
  it('names every locale file once, and nothing else', () => {
    expect(languages.map((language) => `${language.code}.json`).sort()).toEqual(
      locales.map((locale) => locale.name).sort(),
    );
    expect(new Set(languages.map((language) => language.code)).size).toBe(languages.length);
  });

  it.each(languages.map((language) => [language.code, language] as const))(
    '%s has its own name and a flag that exists',
    (_code, language) => {
      expect(language.name.trim()).not.toBe('');
      expect(language.flag).toMatch(/^flags\/[a-z0-9-]+\.svg$/i);
      expect(existsSync(`locales/${language.flag}`)).toBe(true);
    },
  );
});
