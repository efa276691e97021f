/**
 * i18next with the locale files of locales/: the languages offered are the list `locales/languages.json` (code, own
 * name, flag), each with its file `locales/<code>.json`, so a new language is a file, a flag and a line of that list,
 * with no code change. The choice is stored under `lang`; the default follows the browser, the fallback is English.
 * Only the chosen language is loaded, in parts (codegen/locale-parts.ts): the shell's texts at start (the sign-in
 * page, the frame, errors), the signed-in pages' texts before the first of those pages renders (`loadPageTexts`),
 * the administration's texts before an administration page renders (`loadAdminTexts`) and the panel programming
 * forms' texts when programming opens (`loadSettingsTexts`). Choosing another language switches in place
 * (`chooseLanguage`): what follows the language listens to i18next's `languageChanged` (MUI's theme texts, dayjs,
 * the server's texts cached by the query client), and every call reads the language when it is sent. The names and
 * flags of the list are read by languages.ts, loaded with the header.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import LANGUAGE_LIST from '../../../locales/languages.json';

export const LANGUAGE_KEY = 'lang';
export const FALLBACK_LANGUAGE = 'en';

type Translation = Record<string, unknown>;
type Loader = () => Promise<Translation>;

const shellLoaders = import.meta.glob<Translation>(['../../../locales/*.json', '!../../../locales/languages.json'], {
  query: '?part=shell',
  import: 'default',
});
const publicLoaders = import.meta.glob<Translation>(['../../../locales/*.json', '!../../../locales/languages.json'], {
  query: '?part=public',
  import: 'default',
});
const pageLoaders = import.meta.glob<Translation>(['../../../locales/*.json', '!../../../locales/languages.json'], {
  query: '?part=pages',
  import: 'default',
});
const detailLoaders = import.meta.glob<Translation>(['../../../locales/*.json', '!../../../locales/languages.json'], {
  query: '?part=detail',
  import: 'default',
});
const adminLoaders = import.meta.glob<Translation>(['../../../locales/*.json', '!../../../locales/languages.json'], {
  query: '?part=admin',
  import: 'default',
});
const settingsLoaders = import.meta.glob<Translation>(['../../../locales/*.json', '!../../../locales/languages.json'], {
  query: '?part=settings',
  import: 'default',
});
const fileCode = (file: string) => file.replace(/^.*\/|\.json(\?.*)?$/g, '');
const byCode = (loaders: Record<string, Loader>) =>
  new Map(Object.entries(loaders).map(([file, load]) => [fileCode(file), load]));
const loaderByPart = {
  shell: byCode(shellLoaders),
  public: byCode(publicLoaders),
  pages: byCode(pageLoaders),
  detail: byCode(detailLoaders),
  admin: byCode(adminLoaders),
  settings: byCode(settingsLoaders),
};
/** The parts of a locale file (codegen/locale-parts.ts `LOCALE_PARTS`). */
type LocalePart = keyof typeof loaderByPart;

/** The languages offered, in the order of `locales/languages.json` (each has its locale file: the locale test). */
export const LANGUAGE_CODES: readonly string[] = LANGUAGE_LIST.map((language) => language.code);

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

const loadPartFile = async (part: LocalePart, code: string): Promise<Translation> => {
  const loaders = loaderByPart[part];
  const load = loaders.get(code) ?? loaders.get(FALLBACK_LANGUAGE);
  if (!load) throw new Error(`No locale file for ${code}`);
  return load();
};

/** The shell's texts of a language (its own chunk). */
export function loadTranslation(code: string): Promise<Translation> {
  return loadPartFile('shell', code);
}

/** Each part of each language added to i18next (or on its way), by `<part>:<code>`; a failed load is forgotten. */
const added = new Map<string, Promise<void>>();
/** The parts the console has asked for so far beyond the shell: a language switch brings them in the new language. */
const wanted = new Set<LocalePart>();

function addPart(part: LocalePart, code: string): Promise<void> {
  const id = `${part}:${code}`;
  let adding = added.get(id);
  if (!adding) {
    adding = (async () => {
      i18next.addResourceBundle(code, 'translation', await loadPartFile(part, code), true, true);
    })().catch((error: unknown) => {
      added.delete(id);
      throw error;
    });
    added.set(id, adding);
  }
  return adding;
}

const addWantedPart = (part: LocalePart): Promise<void> => {
  wanted.add(part);
  return addPart(part, i18next.language);
};

/** Adds the public pages' texts (the dealership application) of the current language; its route awaits it. */
export function loadPublicTexts(): Promise<void> {
  return addWantedPart('public');
}

/**
 * Adds the signed-in pages' texts of the current language (once per language; later calls share the first). Routes
 * await it before they render, so no page ever shows a key; a failed load is tried again by the next route.
 */
export function loadPageTexts(): Promise<void> {
  return addWantedPart('pages');
}

/** Adds the panel detail's texts of the current language; the panel detail's route awaits it before it renders. */
export function loadDetailTexts(): Promise<void> {
  return addWantedPart('detail');
}

/**
 * Adds the administration's texts of the current language (the dashboard, the lists of menu level 1 and above and
 * the generic table's texts); the administration's routes await it before they render.
 */
export function loadAdminTexts(): Promise<void> {
  return addWantedPart('admin');
}

/**
 * Adds the panel programming forms' texts of the current language (labels, help, options and messages of every
 * settings group; once per language, a failed load is tried again by the next call). Programming awaits it before
 * a form renders; no route loads it for its first paint.
 */
export function loadSettingsTexts(): Promise<void> {
  return addWantedPart('settings');
}

export async function initI18n(): Promise<typeof i18next> {
  const language = initialLanguage(localStorage.getItem(LANGUAGE_KEY), navigator.languages ?? [navigator.language]);
  // Every locale file has every key (the locale test), so the chosen file alone is complete (with its other parts).
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: await loadTranslation(language) } },
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
  });
  added.set(`shell:${language}`, Promise.resolve());
  document.documentElement.lang = language;
  return i18next;
}

let switches = 0;

/**
 * Stores the chosen language and switches to it in place: its shell and every part already asked for in the
 * current language (pages, settings) are added first, so nothing shows a key, then i18next changes language and
 * everything that follows `languageChanged` updates (an open programming form re-renders in the new language).
 * When the new texts cannot be loaded the console stays in the current language and the promise rejects; the
 * stored choice applies at the next start. Of several quick choices the last one wins.
 */
export async function chooseLanguage(code: string): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, code);
  const attempt = ++switches;
  const done = new Set<LocalePart>(['shell']);
  await addPart('shell', code);
  // A part first asked for while this runs (a route, programming opening) is brought in as well.
  for (let parts = [...wanted]; parts.some((part) => !done.has(part)); parts = [...wanted]) {
    const missing = parts.filter((part) => !done.has(part));
    await Promise.all(missing.map((part) => addPart(part, code)));
    for (const part of missing) done.add(part);
  }
  if (attempt !== switches) return;
  await i18next.changeLanguage(code);
  document.documentElement.lang = code;
}
