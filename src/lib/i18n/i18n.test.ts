import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import tr from '../../../locales/tr.json';
import {
  chooseLanguage,
  initI18n,
  initialLanguage,
  LANGUAGE_CODES,
  LANGUAGE_KEY,
  loadPageTexts,
  loadSettingsTexts,
  loadTranslation,
} from './i18n.ts';
import { LANGUAGES } from './languages.ts';

describe('language choice', () => {
  it('offers the languages of the list, each with its name and flag', () => {
    expect(LANGUAGE_CODES).toEqual(['en', 'tr']);
    expect(LANGUAGES.map((language) => language.name)).toEqual(['English', 'Türkçe']);
    expect(LANGUAGES.every((language) => typeof language.flagUrl === 'string')).toBe(true);
  });

  it('uses the stored language first, then the browser language, then English', () => {
    expect(initialLanguage('tr', ['en-US'])).toBe('tr');
    expect(initialLanguage(null, ['tr-TR', 'en'])).toBe('tr');
    expect(initialLanguage(null, ['de-DE', 'tr'])).toBe('tr');
    expect(initialLanguage(null, ['de-DE', 'fr'])).toBe('en');
    expect(initialLanguage('xx', [])).toBe('en');
  });

  it('loads only the chosen language file, falling back to English', async () => {
    const productName = async (code: string) =>
      ((await loadTranslation(code)) as { app: { productName: string } }).app.productName;
    expect(await productName('tr')).toBe(tr.app.productName);
    expect(await productName('xx')).toBe('Alarm Panel Console');
  });
});

describe('texts in parts, and a language switch in place', () => {
  const storage = new Map<string, string>();
  const root = { lang: '' };

  beforeAll(async () => {
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    });
    vi.stubGlobal('navigator', { languages: ['en-GB'], language: 'en-GB' });
    vi.stubGlobal('document', { documentElement: root });
    await initI18n();
  });
  afterAll(() => vi.unstubAllGlobals());

  it('starts with the shell only; the pages and the programming forms each load their own part', async () => {
    expect(i18next.language).toBe('en');
    expect(root.lang).toBe('en');
    expect(i18next.t('app.productName')).not.toBe('app.productName');
    expect(i18next.exists('panels.loadError')).toBe(false);
    expect(i18next.exists('settings.zone.title')).toBe(false);
    await loadPageTexts();
    expect(i18next.exists('panels.loadError')).toBe(true);
    expect(i18next.exists('settings.zone.title')).toBe(false);
    await Promise.all([loadSettingsTexts(), loadSettingsTexts()]);
    expect(i18next.t('settings.zone.title')).toBe('Zone settings');
    expect(i18next.t('settings.errors.minimum', { limit: 60 })).toBe('Enter 60 or more');
  });

  it('switches without a reload: stores the choice, brings every loaded part in the new language, then changes', async () => {
    const seen: string[] = [];
    const onChange = (language: string) =>
      seen.push(`${language}:${i18next.t('settings.zone.title')}:${i18next.t('panels.loadError')}`);
    i18next.on('languageChanged', onChange);
    try {
      await chooseLanguage('tr');
    } finally {
      i18next.off('languageChanged', onChange);
    }
    expect(storage.get(LANGUAGE_KEY)).toBe('tr');
    expect(i18next.language).toBe('tr');
    expect(root.lang).toBe('tr');
    // Every text was there when the change was announced: nothing rendered a key.
    expect(seen).toEqual([`tr:${tr.settings.zone.title}:${tr.panels.loadError}`]);
    expect(i18next.t('app.productName')).toBe(tr.app.productName);
  });

  it('lets the last of several quick choices win', async () => {
    await Promise.all([chooseLanguage('en'), chooseLanguage('tr'), chooseLanguage('en')]);
    expect(i18next.language).toBe('en');
    expect(storage.get(LANGUAGE_KEY)).toBe('en');
    expect(root.lang).toBe('en');
    expect(i18next.t('settings.zone.title')).toBe('Zone settings');
  });
});
