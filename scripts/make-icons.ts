/**
 * Regenerates the installed console's icons in public/icons/ (committed; run this only to change them) from the one
 * logo, public/favicon.svg, drawn by Chromium (the browser tests' own: CHROMIUM_PATH, default /usr/bin/chromium):
 *   `npx tsx scripts/make-icons.ts`
 * - icon-192.png, icon-512.png: the logo on a transparent background ("any" purpose: home screen, app list);
 * - icon-maskable-512.png: the logo inside the maskable safe zone (the centre circle of 80 %) on the page colour,
 *   which a phone crops to its own shape (circle, squircle) without cutting the shield.
 */
import { readFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { THEME_COLOURS } from '../src/app/theme-colours.ts';

const out = path.resolve('public/icons');
mkdirSync(out, { recursive: true });
const logo = `data:image/svg+xml;base64,${readFileSync('public/favicon.svg').toString('base64')}`;

const icons = [
  { file: 'icon-192.png', size: 192, logoShare: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, logoShare: 1, background: 'transparent' },
  // 64 % of the side keeps the shield's corners inside the 80 % circle.
  { file: 'icon-maskable-512.png', size: 512, logoShare: 0.64, background: THEME_COLOURS.light.background },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const { file, size, logoShare, background } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const side = Math.round(size * logoShare);
    await page.setContent(
      `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">` +
        `<img src="${logo}" width="${side}" height="${side}"></body>`,
    );
    await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
    await page.screenshot({ path: path.join(out, file), omitBackground: background === 'transparent' });
    console.log(`public/icons/${file}`);
  }
} finally {
  await browser.close();
}
