/**
 * The languages the dropdowns offer: the list `locales/languages.json`, in its order, each with its own name and its
 * flag (a file under locales/, `flags/<code>.svg`). A language added to the list (with its locale file and flag)
 * appears here and in i18n.ts without any code change.
 */
import LANGUAGE_LIST from '../../../locales/languages.json';

const flags = import.meta.glob<string>('../../../locales/flags/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});
/** The flags' URLs by their path under locales/ (`flags/tr.svg`). */
const flagByFile = new Map(Object.entries(flags).map(([file, url]) => [file.replace(/^.*\/locales\//, ''), url]));

export interface LanguageOption {
  code: string;
  /** The language's own name (`Türkçe`, `English`). */
  name: string;
  /** URL of the language's flag. */
  flagUrl: string | undefined;
}

export const LANGUAGES: readonly LanguageOption[] = LANGUAGE_LIST.map(({ code, name, flag }) => ({
  code,
  name,
  flagUrl: flagByFile.get(flag),
}));
