/** MUI's component texts and dayjs follow the interface language. Languages without a pack use English texts. */
import { enUS as materialEn, trTR as materialTr } from '@mui/material/locale';

const PACKS = { en: materialEn, tr: materialTr } as const;

/** The theme argument carrying MUI's own component texts (pagination, autocomplete, ...) of a language. */
export const materialLocale = (language: string) => PACKS[language as keyof typeof PACKS] ?? PACKS.en;

/** The language code that the MUI X and dayjs packs know (English for any other). */
export const packLanguage = (language: string): keyof typeof PACKS => (language in PACKS ? (language as 'tr') : 'en');
