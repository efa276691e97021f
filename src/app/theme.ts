import { createTheme } from '@mui/material/styles';
import { materialLocale } from '../lib/i18n/locale-packs.ts';
import { THEME_COLOURS } from './theme-colours.ts';
import { motionOptions } from './theme-motion.ts';

/**
 * Light and dark palettes (following the system unless the user picks one), with the language's texts and the
 * motion the person's setting asks for (`reduceMotion`: `prefers-reduced-motion: reduce`, src/app/theme-motion.ts).
 */
export const createConsoleTheme = (language: string, { reduceMotion = false }: { reduceMotion?: boolean } = {}) =>
  createTheme(
    {
      ...motionOptions(reduceMotion),
      colorSchemes: {
        // Every status colour reads at WCAG AA (4.5:1) both as a filled chip (its contrast text on it) and as
        // outlined text on the page and on a hovered or selected row; contrastThreshold 4.5 makes MUI pick the
        // readable text colour for any colour a later page adds. MUI's defaults stop at 3:1.
        light: {
          palette: {
            contrastThreshold: 4.5,
            primary: { main: THEME_COLOURS.light.primary },
            background: { default: THEME_COLOURS.light.background },
            error: { main: '#c62828' },
            warning: { main: '#a84d00' },
            info: { main: '#0267a6' },
            success: { main: '#25702a' },
          },
        },
        dark: {
          palette: {
            contrastThreshold: 4.5,
            primary: { main: THEME_COLOURS.dark.primary },
            background: { default: THEME_COLOURS.dark.background },
            error: { main: '#ef5350', contrastText: '#000' },
            warning: { main: '#ffa726', contrastText: '#000' },
            info: { main: '#29b6f6', contrastText: '#000' },
            success: { main: '#66bb6a', contrastText: '#000' },
          },
        },
      },
      cssVariables: { colorSchemeSelector: 'class' },
    },
    materialLocale(language),
  );
