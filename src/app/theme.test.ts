import { describe, expect, it } from 'vitest';
import { getContrastRatio, type CssVarsTheme } from '@mui/material/styles';
import { createConsoleTheme } from './theme.ts';

// WCAG AA for normal-size text, which chip and badge labels are.
const AA = 4.5;
const STATUS_COLOURS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

describe('console palettes', () => {
  // Built with CSS variables, the theme carries both colour schemes; its static type shows them only under a
  // project-wide `CssThemeVariables` augmentation, so the test names the part it reads.
  const theme = createConsoleTheme('en') as unknown as Pick<CssVarsTheme, 'colorSchemes'>;

  for (const scheme of ['light', 'dark'] as const) {
    const palette = theme.colorSchemes[scheme]!.palette;

    it(`gives every filled ${scheme} chip a readable label`, () => {
      for (const colour of STATUS_COLOURS) {
        const { main, contrastText } = palette[colour];
        expect({ colour, ratio: getContrastRatio(main, contrastText) >= AA }).toEqual({ colour, ratio: true });
      }
    });

    it(`keeps every ${scheme} status colour readable as outlined text on the page and on cards`, () => {
      for (const colour of STATUS_COLOURS) {
        for (const background of [palette.background.default, palette.background.paper]) {
          const ratio = getContrastRatio(palette[colour].main, background);
          expect({ colour, background, readable: ratio >= AA }).toEqual({ colour, background, readable: true });
        }
      }
    });
  }
});
