import { describe, expect, it } from 'vitest';
import { initialLanguage, LANGUAGES, resources } from './i18n.ts';

describe('language choice', () => {
  it('offers every locale file, each with its name and flag', () => {
    expect(Object.keys(resources).sort()).toEqual(['en', 'tr']);
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
});
