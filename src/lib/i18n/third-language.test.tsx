/**
 * Adding a language is a locale file, its flag and a line of locales/languages.json, with no code change: in a copy of
 * the console's sources with a third language (German) added that way, the real i18n setup offers it, starts in it
 * for someone who chose it, loads its other parts when asked, and the header's language dropdown shows it with its
 * flag and speaks it.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as I18nModule from './i18n.ts';
import type * as LanguagesModule from './languages.ts';
import type * as LanguageSelectModule from '../../app/layout/language-select.tsx';

/** Inside the checkout (build/ is ignored), so the copy resolves the same packages as the sources. */
const copy = path.resolve('build', `third-language-${process.pid}`);

type Tree = { [key: string]: string | Tree };
const GERMAN: Record<string, string> = {
  'app.productName': 'Alarmzentralen-Konsole',
  'layout.language': 'Sprache',
  'panels.loadError': 'Die Zentralen konnten nicht geladen werden.',
};

/** English with the German texts above: a complete locale file (every key), as a translator would deliver it. */
function germanLocale(): Tree {
  const german = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Tree;
  for (const [key, text] of Object.entries(GERMAN)) {
    const steps = key.split('.');
    const parent = steps.slice(0, -1).reduce((node, step) => node[step] as Tree, german);
    parent[steps.at(-1)!] = text;
  }
  return german;
}

const storage = new Map<string, string>([['lang', 'de']]);
const root = { lang: '' };
const FLAG_COLOUR = '#ffce00';
/** The German flag's URL: its file, or (small enough to be inlined) its content. */
const isGermanFlag = (url: string | undefined) =>
  Boolean(url && (url.endsWith('/locales/flags/de.svg') || decodeURIComponent(url).includes(FLAG_COLOUR)));

beforeAll(() => {
  mkdirSync(copy, { recursive: true });
  cpSync('src', path.join(copy, 'src'), { recursive: true });
  cpSync('locales', path.join(copy, 'locales'), { recursive: true });
  // The three steps of CONTRIBUTING.md "Add a language", and nothing else.
  writeFileSync(path.join(copy, 'locales/de.json'), JSON.stringify(germanLocale(), null, 2));
  writeFileSync(
    path.join(copy, 'locales/flags/de.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480"><path fill="${FLAG_COLOUR}" d="M0 320h640v160H0z"/>` +
      '<path d="M0 0h640v160H0z"/><path fill="#d00" d="M0 160h640v160H0z"/></svg>',
  );
  const list = JSON.parse(readFileSync('locales/languages.json', 'utf8')) as object[];
  writeFileSync(
    path.join(copy, 'locales/languages.json'),
    JSON.stringify([...list, { code: 'de', name: 'Deutsch', flag: 'flags/de.svg' }], null, 2),
  );
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
  });
  vi.stubGlobal('navigator', { languages: ['en-GB'], language: 'en-GB' });
});

afterAll(() => {
  vi.unstubAllGlobals();
  rmSync(copy, { recursive: true, force: true });
});

const load = <T,>(file: string): Promise<T> => import(/* @vite-ignore */ path.join(copy, file)) as Promise<T>;

describe('a third language added as data', () => {
  it('is offered with its name and flag, after the others of the list', async () => {
    const { LANGUAGES } = await load<typeof LanguagesModule>('src/lib/i18n/languages.ts');
    expect(LANGUAGES.map((language) => [language.code, language.name])).toEqual([
      ['en', 'English'],
      ['tr', 'Türkçe'],
      ['de', 'Deutsch'],
    ]);
    expect(isGermanFlag(LANGUAGES.at(-1)!.flagUrl)).toBe(true);
    const { LANGUAGE_CODES, initialLanguage } = await load<typeof I18nModule>('src/lib/i18n/i18n.ts');
    expect(LANGUAGE_CODES).toEqual(['en', 'tr', 'de']);
    // A German browser gets it by default.
    expect(initialLanguage(null, ['de-DE', 'en'])).toBe('de');
  });

  it('is used: the console starts in it, loads its other parts, and the dropdown shows and speaks it', async () => {
    const { initI18n, loadPageTexts } = await load<typeof I18nModule>('src/lib/i18n/i18n.ts');
    // The page's root element only while the console starts (MUI renders on the server side below, without one).
    vi.stubGlobal('document', { documentElement: root });
    const i18next = await initI18n().finally(() => vi.stubGlobal('document', undefined));
    expect(i18next.language).toBe('de');
    expect(root.lang).toBe('de');
    expect(i18next.t('app.productName')).toBe(GERMAN['app.productName']);
    // The signed-in pages' part of the German file loads when asked for, like any language's.
    expect(i18next.exists('panels.loadError')).toBe(false);
    await loadPageTexts();
    expect(i18next.t('panels.loadError')).toBe(GERMAN['panels.loadError']);

    const { FrameLanguageSelect } = await load<typeof LanguageSelectModule>('src/app/layout/language-select.tsx');
    const html = renderToStaticMarkup(<FrameLanguageSelect />);
    expect(html).toContain('>Sprache<');
    expect(html).toContain('>Deutsch<');
    const flag = /<img src="([^"]*)"/.exec(html)?.[1];
    expect(isGermanFlag(flag && flag.replaceAll('&amp;', '&').replaceAll('&#x27;', "'"))).toBe(true);
  });
});
