/**
 * The texts of the heavy MUI X parts (data grid, date pickers) in the interface language. Their locale packs are
 * large, so they are not part of the console's theme: a page that shows a grid or a date picker wraps itself in
 * this provider, and the packs load with that page only.
 */
import type { ReactNode } from 'react';
import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';
import { enUS as gridEn, trTR as gridTr } from '@mui/x-data-grid/locales';
import { enUS as pickersEn, trTR as pickersTr } from '@mui/x-date-pickers/locales';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { useTranslation } from 'react-i18next';
import { packLanguage } from './locale-packs.ts';

const PACKS = { en: [gridEn, pickersEn], tr: [gridTr, pickersTr] } as const;

export function MuiXLocalization({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = packLanguage(i18n.language);
  return (
    <ThemeProvider theme={(outer: Theme) => createTheme(outer, ...PACKS[language])}>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language}>
        {children}
      </LocalizationProvider>
    </ThemeProvider>
  );
}
