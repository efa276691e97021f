/**
 * i18next with the locale files of locales/ (a new file is a new language: no code change). The choice is stored
 * under `lang` and applied by reloading; the default follows the browser, the fallback is English. Only the chosen
 * language is loaded, in two parts (codegen/locale-parts.ts): the shell's texts at start (the sign-in page, the frame,
 * errors) and the signed-in pages' texts before the first of those pages renders (`loadPageTexts`). The language
 * list with names and flags is in languages.ts, loaded with the header.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_KEY = 'lang';
export const FALLBACK_LANGUAGE = 'en';

type Translation = Record<string, unknown>;

const shellLoaders = import.meta.glob<Translation>('../../../locales/*.json', {
  query: '?part=shell',
  import: 'default',
});
const pageLoaders = import.meta.glob<Translation>('../../../locales/*.json', {
  query: '?part=pages',
  import: 'default',
});
const fileCode = (file: string) => file.replace(/^.*\/|\.json(\?.*)?$/g, '');
const byCode = (loaders: Record<string, () => Promise<Translation>>) =>
  new Map(Object.entries(loaders).map(([file, load]) => [fileCode(file), load]));
const loaderByCode = byCode(shellLoaders);
const pageLoaderByCode = byCode(pageLoaders);

/** The language codes a locale file exists for. */
export const LANGUAGE_CODES: readonly string[] = [...loaderByCode.keys()].sort();

/** The stored language, else the browser's, else English. */
export function initialLanguage(stored: string | null, browser: readonly string[]): string {
  for (const candidate of [stored, ...browser]) {
    if (!candidate) continue;
    const exact = LANGUAGE_CODES.find((code) => code.toLowerCase() === candidate.toLowerCase());
    const base = LANGUAGE_CODES.find((code) => code === candidate.toLowerCase().split('-')[0]);
    if (exact ?? base) return (exact ?? base)!;
  }
  return FALLBACK_LANGUAGE;
}

/** The shell's texts of a language (its own chunk). */
export async function loadTranslation(code: string): Promise<Translation> {
  const load = loaderByCode.get(code) ?? loaderByCode.get(FALLBACK_LANGUAGE);
  if (!load) throw new Error(`No locale file for ${code}`);
  return load();
}

let pageTexts: Promise<void> | undefined;

/**
 * Adds the signed-in pages' texts of the current language (once; later calls share the first). Routes await it
 * before they render, so no page ever shows a key; a failed load is tried again by the next route.
 */
export function loadPageTexts(): Promise<void> {
  pageTexts ??= (async () => {
    const code = i18next.language;
    const load = pageLoaderByCode.get(code) ?? pageLoaderByCode.get(FALLBACK_LANGUAGE);
    if (!load) throw new Error(`No locale file for ${code}`);
    i18next.addResourceBundle(code, 'translation', await load(), true, true);
  })().catch((error: unknown) => {
    pageTexts = undefined;
    throw error;
  });
  return pageTexts;
}

export async function initI18n(): Promise<typeof i18next> {
  const language = initialLanguage(localStorage.getItem(LANGUAGE_KEY), navigator.languages ?? [navigator.language]);
  // Every locale file has every key (the locale test), so the chosen file alone is complete (with its page part).
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: await loadTranslation(language) } },
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
