import { describe, expect, it } from 'vitest';
import { backgroundBehind, contrastRatio, cssColour, iconContrast, over, parseColour } from './colour-contrast.ts';

const BLACK = [0, 0, 0, 1] as const;
const WHITE = [255, 255, 255, 1] as const;

describe('colour contrast of icons', () => {
  it('reads the colours Chromium computes', () => {
    expect(parseColour('rgb(18, 18, 18)')).toEqual([18, 18, 18, 1]);
    expect(parseColour('rgba(0, 0, 0, 0.54)')).toEqual([0, 0, 0, 0.54]);
    expect(parseColour('rgb(255 255 255 / 50%)')).toEqual([255, 255, 255, 0.5]);
    expect(parseColour('none')).toBeUndefined();
    expect(parseColour('url("#pattern")')).toBeUndefined();
  });

  it('has WCAG’s ratios: 21 for black on white, 1 for a colour on itself', () => {
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrastRatio([18, 18, 18, 1], [18, 18, 18, 1])).toBe(1);
    // MUI's light text.secondary grey on white: 4.6:1 (a known pair).
    expect(contrastRatio([117, 117, 117, 1], WHITE)).toBeCloseTo(4.61, 2);
  });

  it('lays a semi-transparent colour over what is under it', () => {
    expect(over([0, 0, 0, 0.5], WHITE)).toEqual([127.5, 127.5, 127.5, 1]);
    expect(cssColour(over([0, 0, 0, 0.54], [18, 18, 18, 1]))).toBe('rgb(8, 8, 8)');
  });

  it('finds the background from the icon up to the first opaque one, with the layers on the way', () => {
    const transparent = { colour: 'rgba(0, 0, 0, 0)', image: 'none' };
    expect(
      backgroundBehind([
        transparent,
        { colour: 'rgb(18, 18, 18)', image: 'none' },
        { colour: 'rgb(255, 0, 0)', image: 'none' },
      ]),
    ).toEqual([18, 18, 18, 1]);
    // A hovered row's 8 % white over the dark page.
    expect(
      cssColour(
        backgroundBehind([
          { colour: 'rgba(255, 255, 255, 0.08)', image: 'none' },
          { colour: 'rgb(18, 18, 18)', image: 'none' },
        ]),
      ),
    ).toBe('rgb(37, 37, 37)');
    // MUI's flat overlay of a raised dark surface counts over the surface's own colour.
    const paper = {
      colour: 'rgb(18, 18, 18)',
      image: 'linear-gradient(rgba(255, 255, 255, 0.16), rgba(255, 255, 255, 0.16))',
    };
    expect(cssColour(backgroundBehind([paper]))).toBe('rgb(56, 56, 56)');
    // Nothing painted up to the root: the white canvas.
    expect(backgroundBehind([transparent])).toEqual(WHITE);
  });

  it('finds the dark theme’s black ⋮ on the near-black page far below 3:1, and its light grey well above', () => {
    const page = [
      { colour: 'rgba(0, 0, 0, 0)', image: 'none' },
      { colour: 'rgb(18, 18, 18)', image: 'none' },
    ];
    const black = iconContrast({ paint: 'rgba(0, 0, 0, 0.54)', colour: '', opacity: 1, backgrounds: page });
    expect(black!.ratio).toBeLessThan(1.1);
    const grey = iconContrast({ paint: 'rgb(255, 255, 255)', colour: '', opacity: 1, backgrounds: page });
    expect(grey!.ratio).toBeGreaterThan(15);
    // A faded icon (opacity up the tree) loses contrast; `currentcolor` falls back to the inherited colour.
    const faded = iconContrast({
      paint: 'currentcolor',
      colour: 'rgb(255, 255, 255)',
      opacity: 0.2,
      backgrounds: page,
    });
    expect(faded!.ratio).toBeLessThan(3);
    expect(iconContrast({ paint: 'url("#p")', colour: 'none', opacity: 1, backgrounds: page })).toBeUndefined();
  });
});
