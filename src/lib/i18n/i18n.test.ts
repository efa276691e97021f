import { describe, expect, it } from 'vitest';
import { initialLanguage, LANGUAGE_CODES, loadTranslation } from './i18n.ts';
import { LANGUAGES } from './languages.ts';

describe('language choice', () => {
  it('offers every locale file, each with its name and flag', () => {
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
    expect(((await loadTranslation('tr')) as { language: { name: string } }).language.name).toBe('Türkçe');
    expect(((await loadTranslation('xx')) as { language: { name: string } }).language.name).toBe('English');
  });
});
