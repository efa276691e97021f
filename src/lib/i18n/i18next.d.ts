/**
 * Translation keys are typed from the Turkish file (the console's first language): `t('a.b.c')` with a key
 * that is not in locales/tr.json is a type error. The locale test keeps every other file's keys the same.
 */
import type tr from '../../../locales/tr.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof tr };
  }
}
