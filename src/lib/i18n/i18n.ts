/** i18next with the locale files of locales/; the language is stored under `lang`, default from the browser. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../locales/en.json';
import tr from '../../../locales/tr.json';

export const LANGUAGE_KEY = 'lang';
export const resources = { en: { translation: en }, tr: { translation: tr } } as const;
export type Language = keyof typeof resources;
export const LANGUAGES = Object.keys(resources) as Language[];

/** The stored language, else the browser's, else English. */
export function initialLanguage(stored: string | null, browser: readonly string[]): Language {
  const candidates = [stored, ...browser].filter((value): value is string => Boolean(value));
  for (const candidate of candidates) {
    const base = candidate.toLowerCase().split('-')[0] as Language;
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

export async function initI18n(): Promise<typeof i18next> {
  const language = initialLanguage(localStorage.getItem(LANGUAGE_KEY), navigator.languages ?? [navigator.language]);
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
  return i18next;
}

export const currentLanguage = (): Language => (i18next.language as Language) ?? 'en';
