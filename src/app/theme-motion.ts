import { keyframes, type ThemeOptions } from '@mui/material/styles';

/** MUI's named durations, each 0 when the person asked for less motion. */
const NO_DURATIONS = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};

const turn = keyframes`
  from { transform: rotate(0deg); }
  to { transform: rotate(360deg); }
`;

/**
 * The theme's part that follows the person's motion setting (`prefers-reduced-motion`, read by the app's provider so
 * the console changes as soon as the setting does). With "reduce": no transition anywhere MUI or the console draws one
 * through the theme (dialogs, menus, drawers, toasts, tooltips and hovers show and go at once), no ripple on a click,
 * no smooth scrolling. The keyboard focus ring of icon buttons (a still ripple) stays: it is a state, not motion. The
 * round loading indicator keeps turning, as a plain turn of a fixed arc (it is the only sign that the console is
 * still working: motion essential to the information, which WCAG 2.3.3 allows); the bars of a long task stand still
 * (their text counts the progress).
 */
export const motionOptions = (reduceMotion: boolean): ThemeOptions => {
  if (!reduceMotion) return { motion: { reducedMotion: 'never' } };
  return {
    motion: { reducedMotion: 'always' },
    transitions: { create: () => 'none', duration: NO_DURATIONS },
    components: {
      MuiButtonBase: { defaultProps: { disableTouchRipple: true } },
      MuiCssBaseline: { styleOverrides: { html: { scrollBehavior: 'auto' } } },
      MuiCircularProgress: {
        styleOverrides: {
          root: { '&.MuiCircularProgress-indeterminate': { animation: `${turn} 1.4s linear infinite` } },
        },
      },
    },
  };
};
