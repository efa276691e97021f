import { createTheme } from '@mui/material/styles';
import { localePacks } from '../lib/i18n/locale-packs.ts';

/** Light and dark palettes (following the system unless the user picks one), with the language's texts. */
export const createConsoleTheme = (language: string) =>
  createTheme(
    {
      colorSchemes: {
        light: { palette: { primary: { main: '#0d47a1' } } },
        dark: { palette: { primary: { main: '#90caf9' } } },
      },
      cssVariables: { colorSchemeSelector: 'class' },
    },
    ...localePacks(language),
  );
