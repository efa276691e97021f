/** dayjs (month and day names of the spec's date formats) follows the interface language. */
import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import 'dayjs/locale/en';
import { packLanguage } from './locale-packs.ts';

export function applyDayjsLocale(language: string): void {
  dayjs.locale(packLanguage(language));
}
