/**
 * The theme under both motion settings: with "reduce", no transition, no click ripple, no smooth scrolling, and the
 * round loading indicator reduced to a plain turn; without it, MUI's own motion. The CSS is read as the components
 * write it (emotion writes its styles into the HTML when there is no document).
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import Fade from '@mui/material/Fade';
import { ThemeProvider } from '@mui/material/styles';
import { createConsoleTheme } from './theme.ts';

const DURATIONS = ['shortest', 'shorter', 'short', 'standard', 'complex', 'enteringScreen', 'leavingScreen'] as const;

/** The styles the components write, without the markup. */
const cssOf = (reduceMotion: boolean): string => {
  const html = renderToString(
    <ThemeProvider theme={createConsoleTheme('en', { reduceMotion })}>
      <CssBaseline />
      <CircularProgress aria-label="loading" />
      <Button>Save</Button>
      <Fade in>
        <div>faded</div>
      </Fade>
    </ThemeProvider>,
  );
  return [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((match) => match[1]).join('\n');
};

describe('the theme when the person asked for less motion', () => {
  const theme = createConsoleTheme('en', { reduceMotion: true });
  const css = cssOf(true);

  it('draws no transition and lasts no time', () => {
    expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(DURATIONS.map((name) => theme.transitions.duration[name])).toEqual(DURATIONS.map(() => 0));
    expect(theme.motion.reducedMotion).toBe('always');
    expect(css).toMatch(/MuiButton-root\{[^}]*transition:none/);
    expect(css).not.toMatch(/transition:background-color/);
  });

  it('shows no ripple on a click and does not scroll smoothly', () => {
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableTouchRipple).toBe(true);
    expect(css).toMatch(/html\{[^}]*scroll-behavior:auto/);
  });

  it('keeps the loading indicator turning, as a plain turn of a fixed arc', () => {
    const turn = css.match(
      /\.MuiCircularProgress-indeterminate\{[^}]*;animation:(animation-[\w-]+) 1\.4s linear infinite;\}/,
    );
    expect(turn).not.toBeNull();
    expect(css).toMatch(
      new RegExp(
        `@keyframes ${turn![1]}\\{from\\{[^}]*transform:rotate\\(0deg\\);\\}to\\{[^}]*transform:rotate\\(360deg\\);\\}\\}`,
      ),
    );
    // The arc does not grow and shrink.
    expect(css).toMatch(/MuiCircularProgress-circle\{[^}]*;animation:none;\}/);
  });
});

describe('the theme when the person did not ask for less motion', () => {
  const theme = createConsoleTheme('en', { reduceMotion: false });
  const css = cssOf(false);

  it("keeps MUI's transitions and their durations", () => {
    expect(theme.transitions.create('opacity')).toMatch(/^opacity 300ms /);
    expect(theme.transitions.duration.enteringScreen).toBe(225);
    expect(theme.motion.reducedMotion).toBe('never');
    expect(css).toMatch(/transition:background-color 250ms/);
    expect(css).not.toMatch(/transition:none/);
  });

  it('keeps the ripple and the growing arc of the loading indicator', () => {
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableTouchRipple).not.toBe(true);
    expect(css).toMatch(/MuiCircularProgress-circle\{[^}]*;animation:animation-[\w-]+ 1\.4s ease-in-out infinite;\}/);
    expect(css).not.toMatch(/MuiCircularProgress-indeterminate\{/);
    expect(css).not.toMatch(/scroll-behavior/);
  });
});
