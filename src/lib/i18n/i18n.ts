/**
 * i18next with every locale file of locales/ (a new file is a new language: no code change). The choice is
 * stored under `lang` and applied by reloading; the default follows the browser, the fallback is English.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_KEY = 'lang';
export const FALLBACK_LANGUAGE = 'en';

type Translation = { language?: { name?: string } } & Record<string, unknown>;

const files = import.meta.glob<Translation>('../../../locales/*.json', { eager: true, import: 'default' });
const flags = import.meta.glob<string>('../../../locales/flags/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});
const fileCode = (file: string) => file.replace(/^.*\/|\.(json|svg)$/g, '');
const flagUrls = Object.fromEntries(Object.entries(flags).map(([file, url]) => [fileCode(file), url]));

/** Every locale file present, by language code (the file name). */
export const resources: Record<string, { translation: Translation }> = Object.fromEntries(
  Object.entries(files).map(([file, translation]) => [fileCode(file), { translation }]),
);

export interface LanguageOption {
  code: string;
  name: string;
  /** URL of the language's flag (locales/flags/<code>.svg). */
  flagUrl: string | undefined;
}

/** The languages the dropdown offers: each locale file's own name, and its flag. */
export const LANGUAGES: LanguageOption[] = Object.entries(resources)
  .map(([code, { translation }]) => ({
    code,
    name: translation.language?.name ?? code,
    flagUrl: flagUrls[code],
  }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** The stored language, else the browser's, else English. */
export function initialLanguage(stored: string | null, browser: readonly string[]): string {
  const codes = Object.keys(resources);
  for (const candidate of [stored, ...browser]) {
    if (!candidate) continue;
    const exact = codes.find((code) => code.toLowerCase() === candidate.toLowerCase());
    const base = codes.find((code) => code === candidate.toLowerCase().split('-')[0]);
    if (exact ?? base) return (exact ?? base)!;
  }
  return FALLBACK_LANGUAGE;
}

export async function initI18n(): Promise<typeof i18next> {
  const language = initialLanguage(localStorage.getItem(LANGUAGE_KEY), navigator.languages ?? [navigator.language]);
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  return i18next;
}

/** Stores the chosen language and reloads, so every part of the console (and the server) uses it. */
export function chooseLanguage(code: string, reload: () => void = () => window.location.reload()): void {
  localStorage.setItem(LANGUAGE_KEY, code);
  reload();
}
