/** The languages the header's dropdown offers: each locale file's own name (`language.name`) and its flag. */
import { LANGUAGE_CODES } from './i18n.ts';

const names = import.meta.glob<string>('../../../locales/*.json', { eager: true, import: 'language' });
const flags = import.meta.glob<string>('../../../locales/flags/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});
const fileCode = (file: string) => file.replace(/^.*\/|\.(json|svg)$/g, '');
const byCode = <T>(files: Record<string, T>) =>
  new Map(Object.entries(files).map(([file, value]) => [fileCode(file), value]));
const nameByCode = byCode(names as Record<string, { name?: string } | string>);
const flagByCode = byCode(flags);

export interface LanguageOption {
  code: string;
  name: string;
  /** URL of the language's flag (locales/flags/<code>.svg). */
  flagUrl: string | undefined;
}

export const LANGUAGES: LanguageOption[] = LANGUAGE_CODES.map((code) => {
  const language = nameByCode.get(code);
  const name = typeof language === 'object' && language?.name ? language.name : code;
  return { code, name, flagUrl: flagByCode.get(code) };
}).sort((a, b) => a.name.localeCompare(b.name));
