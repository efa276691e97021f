/**
 * The colour arithmetic of the non-text contrast check (non-text-contrast.ts), on the colours the browser computed:
 * CSS colours read, semi-transparent layers laid over what is under them, and WCAG's contrast ratio.
 */

/** Red, green, blue (0–255) and alpha (0–1). */
export type Rgba = readonly [number, number, number, number];

/** A computed colour (`rgb(…)`, `rgba(…)`, `color(srgb …)` is not one Chromium computes for these); undefined else. */
export function parseColour(value: string | null | undefined): Rgba | undefined {
  const match = /rgba?\(([^)]+)\)/.exec(value ?? '');
  if (!match) return undefined;
  const parts = match[1]!.split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 3) return undefined;
  const [r, g, b] = parts.slice(0, 3).map(Number) as [number, number, number];
  const alphaText = parts[3];
  const alpha = alphaText === undefined ? 1 : alphaText.endsWith('%') ? parseFloat(alphaText) / 100 : Number(alphaText);
  return [r, g, b, alpha];
}

/** `top` laid over the opaque `under`. */
export const over = (top: Rgba, under: Rgba): Rgba => [
  top[0] * top[3] + under[0] * (1 - top[3]),
  top[1] * top[3] + under[1] * (1 - top[3]),
  top[2] * top[3] + under[2] * (1 - top[3]),
  1,
];

/** WCAG's relative luminance of an opaque colour. */
export function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG's contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The browser's canvas behind a page that paints no background of its own. */
const CANVAS: Rgba = [255, 255, 255, 1];

/**
 * The opaque colour behind an element, from the backgrounds of the element and its ancestors, nearest first (each
 * its `background-color` and `background-image`): they are layered from the first opaque one up. A flat gradient
 * (MUI's overlay on a raised surface in the dark theme, one colour twice) counts as its first colour, over the
 * element's own colour; another image is not a colour this check can read, and is passed over.
 */
export function backgroundBehind(layers: readonly { colour: string; image: string }[]): Rgba {
  const seen: Rgba[] = [];
  for (const { colour, image } of layers) {
    const gradient = /gradient\((.*)\)/.exec(image)?.[1];
    const overlay = gradient ? parseColour(gradient) : undefined;
    if (overlay && overlay[3] > 0) seen.push(overlay);
    const own = parseColour(colour);
    if (own && own[3] > 0) {
      seen.push(own);
      if (own[3] >= 1) break;
    }
  }
  return seen.reduceRight<Rgba>((under, top) => over(top, under), CANVAS);
}

/** How an icon is drawn, as the page computed it. */
export interface IconSample {
  /** The shape's `fill`, or its `stroke` when it has no fill. */
  paint: string;
  /** The `color` the shape inherits, for a paint that is no colour (`currentcolor`). */
  colour: string;
  /** The product of the opacities from the shape up. */
  opacity: number;
  /** The backgrounds from the icon's parent up, nearest first. */
  backgrounds: { colour: string; image: string }[];
}

/** The icon's contrast against what is behind it, with both colours as drawn; undefined when its colour is unknown. */
export function iconContrast(sample: IconSample): { ratio: number; foreground: Rgba; background: Rgba } | undefined {
  const colour = parseColour(sample.paint) ?? parseColour(sample.colour);
  if (!colour) return undefined;
  const background = backgroundBehind(sample.backgrounds);
  const foreground = over([colour[0], colour[1], colour[2], colour[3] * sample.opacity], background);
  return { ratio: contrastRatio(foreground, background), foreground, background };
}

export const cssColour = (colour: Rgba): string => `rgb(${colour.slice(0, 3).map(Math.round).join(', ')})`;
