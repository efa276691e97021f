/**
 * The console's colours that live outside React as well: the theme (theme.ts) builds its palettes from them, and the
 * build (vite.config.ts) writes them into index.html's `theme-color` and the web app manifest, so the browser's own
 * bar around the console and an installed console's splash screen take the theme's colours, never a copy.
 */
export const THEME_COLOURS = {
  light: { primary: '#0d47a1', background: '#ffffff' },
  // MUI's own dark page colour, named here so the browser's bar in the dark scheme matches the page.
  dark: { primary: '#90caf9', background: '#121212' },
} as const;

/** The browser's bar (`<meta name="theme-color">`) in each scheme: the brand blue in light, the page in dark. */
export const BROWSER_BAR_COLOURS = {
  light: THEME_COLOURS.light.primary,
  dark: THEME_COLOURS.dark.background,
} as const;
