/** MUI, MUI X and dayjs follow the interface language. Languages without a pack use English texts. */
import { enUS as materialEn, trTR as materialTr } from '@mui/material/locale';
import { enUS as gridEn, trTR as gridTr } from '@mui/x-data-grid/locales';
import { enUS as pickersEn, trTR as pickersTr } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import 'dayjs/locale/en';

const PACKS = {
  en: [materialEn, gridEn, pickersEn],
  tr: [materialTr, gridTr, pickersTr],
} as const;

/** Theme arguments carrying the component texts (pagination, grid, pickers) of a language. */
export const localePacks = (language: string) => PACKS[language as keyof typeof PACKS] ?? PACKS.en;

export function applyDayjsLocale(language: string): void {
  dayjs.locale(language in PACKS ? language : 'en');
}
