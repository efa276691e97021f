/** dayjs (month and day names of the spec's date formats) follows the interface language. */
import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import 'dayjs/locale/en';
import i18next from 'i18next';
import { packLanguage } from './locale-packs.ts';

export function applyDayjsLocale(language: string): void {
  dayjs.locale(packLanguage(language));
}

let following = false;

/** Applies the interface language to dayjs now and again on every language change (once, however often called). */
export function followDayjsLocale(): void {
  applyDayjsLocale(i18next.language);
  if (following) return;
  following = true;
  i18next.on('languageChanged', applyDayjsLocale);
}
