import type { Theme } from '@mui/material/styles';

/** A theme palette entry a chart may colour with. */
export type PaletteName = 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

/** The palette colour as a CSS variable where the theme has them (it switches with the colour scheme). */
export const paletteColor = (theme: Theme, color: PaletteName): string =>
  theme.vars?.palette[color].main ?? theme.palette[color].main;
