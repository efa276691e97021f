/**
 * Non-text contrast (WCAG 1.4.11): every visible icon-only control of the page (a button, link, menu item or checkbox
 * that shows an icon and no text: a table row's ⋮, the header's theme and account buttons, a dialog's close) draws
 * its icon at 3:1 or more against the colour behind it. axe-core does not test an icon's colour, so this does: the
 * page reports how each icon is drawn (its SVG shape's computed fill or stroke, the opacities above it, the
 * backgrounds from the icon up), and colour-contrast.ts works out the colours and their ratio. Disabled controls are
 * left out (WCAG exempts inactive components), as are those out of layout or hidden.
 */
import type { Page } from '@playwright/test';
import { cssColour, iconContrast, type IconSample } from '../support/colour-contrast.ts';

/** WCAG 1.4.11's minimum for the parts of a control a person needs to see it. */
export const NON_TEXT_CONTRAST = 3;

export interface IconContrast {
  /** The control's accessible name (aria-labelledby, aria-label, title), or its tag and class when it has none. */
  name: string;
  ratio: number;
  foreground: string;
  background: string;
}

/** How each visible, enabled icon-only control of the page draws its icon. */
function iconSamples(page: Page): Promise<(IconSample & { name: string })[]> {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    };
    // The first shape that paints (an icon's transparent sizing path, `fill="none"` without a stroke, does not).
    const painted = (shape: Element) => {
      const style = getComputedStyle(shape);
      return style.fill !== 'none' || style.stroke !== 'none';
    };
    const nameOf = (control: Element) => {
      const byIds = control
        .getAttribute('aria-labelledby')
        ?.split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join(' ')
        .trim();
      return (
        byIds ||
        control.getAttribute('aria-label') ||
        control.getAttribute('title') ||
        control.querySelector('input')?.getAttribute('aria-label') ||
        `<${control.tagName.toLowerCase()} class="${control.getAttribute('class') ?? ''}">`
      );
    };
    const disabled = (control: Element) =>
      control.matches(':disabled, [aria-disabled="true"], .Mui-disabled') ||
      control.querySelector('input:disabled') !== null;

    const samples: (IconSample & { name: string })[] = [];
    const controls = document.querySelectorAll(
      'button, [role="button"], a[href], [role="menuitem"], .MuiCheckbox-root, .MuiRadio-root',
    );
    for (const control of controls) {
      // Icon-only: an SVG and no text of its own.
      if ((control as HTMLElement).innerText?.trim() || disabled(control) || !visible(control)) continue;
      const shape = [...control.querySelectorAll('svg path, svg circle, svg rect, svg polygon, svg ellipse')].find(
        (candidate) => visible(candidate) && painted(candidate),
      );
      if (!shape) continue;
      const style = getComputedStyle(shape);
      let opacity = 1;
      for (let node: Element | null = shape; node; node = node.parentElement) {
        opacity *= Number(getComputedStyle(node).opacity);
      }
      const backgrounds: IconSample['backgrounds'] = [];
      for (let node: Element | null = shape.closest('svg')!.parentElement; node; node = node.parentElement) {
        const { backgroundColor, backgroundImage } = getComputedStyle(node);
        backgrounds.push({ colour: backgroundColor, image: backgroundImage });
      }
      samples.push({
        name: nameOf(control),
        paint: style.fill !== 'none' ? style.fill : style.stroke,
        colour: style.color,
        opacity,
        backgrounds,
      });
    }
    return samples;
  });
}

/** The icon-only controls of the page as it is now whose icon is below `minimum` against what is behind it. */
export async function iconContrastOffenders(page: Page, minimum = NON_TEXT_CONTRAST): Promise<IconContrast[]> {
  const offenders: IconContrast[] = [];
  for (const { name, ...sample } of await iconSamples(page)) {
    const contrast = iconContrast(sample);
    if (!contrast) {
      // A paint this check cannot read (a pattern, say) is reported, not passed.
      offenders.push({ name, ratio: Number.NaN, foreground: sample.paint, background: '(not measured)' });
      continue;
    }
    if (contrast.ratio >= minimum) continue;
    offenders.push({
      name,
      ratio: Math.round(contrast.ratio * 100) / 100,
      foreground: cssColour(contrast.foreground),
      background: cssColour(contrast.background),
    });
  }
  return offenders;
}

/** The offenders as one line each, for a test's failure message. */
export const describeIconContrast = (offenders: readonly IconContrast[]): string[] =>
  offenders.map(
    ({ name, ratio, foreground, background }) =>
      `icon contrast ${ratio}:1 < ${NON_TEXT_CONTRAST}:1: "${name}" (${foreground} on ${background})`,
  );
