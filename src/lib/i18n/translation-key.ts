/**
 * A key of the translation files, as i18next's typed `t()` accepts it (the keys come from locales/tr.json, see
 * i18next.d.ts). Typed maps from a value to its message (`Record<X, TranslationKey>`) use it, so a key held in
 * data is checked the same way as one written in a `t()` call.
 */
import type { ParseKeys } from 'i18next';

// i18next also accepts `translation:key`; the console has one namespace and never writes it.
export type TranslationKey = Exclude<ParseKeys<'translation'>, `${string}:${string}`>;
