/**
 * What the console shows when it opens without a connection (a second visit offline: the service worker serves the
 * console, but config.json and the API cannot be reached): its own page saying so plainly, in the interface
 * language, with "Try again", instead of the browser's error page or a raw configuration error. Loaded lazily by
 * main.tsx only then (the service worker precaches it). Plain DOM with the theme's colours, no React or MUI parts, and
 * the language from main.tsx's hands: a module of its own that reached into the sign-in page's shared chunks would
 * make the bundler split them further, at a cost in compression the sign-in page's size budget has no room for.
 */
import type { i18n } from 'i18next';
import { THEME_COLOURS } from '../theme-colours.ts';

const { light, dark } = THEME_COLOURS;
const STYLE = `
.offline-view { min-height: 100vh; margin: 0; display: flex; flex-direction: column; align-items: center;
  justify-content: center; gap: 16px; padding: 24px; box-sizing: border-box; text-align: center;
  font-family: Roboto, system-ui, sans-serif; background: ${light.background}; color: rgba(0, 0, 0, 0.87); }
.offline-view h1 { margin: 0; font-size: 1.5rem; font-weight: 400; }
.offline-view p { margin: 0; max-width: 480px; line-height: 1.5; }
.offline-view button { font: inherit; font-weight: 500; text-transform: uppercase; letter-spacing: 0.03em;
  padding: 8px 22px; border: 0; border-radius: 4px; cursor: pointer; background: ${light.primary}; color: #fff; }
.offline-view button:focus-visible { outline: 3px solid ${light.primary}; outline-offset: 3px; }
@media (prefers-color-scheme: dark) {
  .offline-view { background: ${dark.background}; color: #fff; }
  .offline-view button { background: ${dark.primary}; color: rgba(0, 0, 0, 0.87); }
  .offline-view button:focus-visible { outline-color: ${dark.primary}; }
}`;

/** Loading again is the one way forward: the console starts afresh and asks for config.json again. */
const tryAgain = () => window.location.reload();

/**
 * Draws the offline view into the console's root, once the texts of the signed-in pages (which hold its own) are in:
 * main.tsx hands over its i18next instance and `loadPageTexts` (src/lib/i18n/i18n.ts).
 */
export async function showOfflineView(
  root: HTMLElement,
  i18n: Pick<i18n, 't'>,
  loadPageTexts: () => Promise<void>,
): Promise<void> {
  await loadPageTexts();
  const t = (key: 'pwa.offlineTitle' | 'pwa.offlineText' | 'pwa.tryAgain') => i18n.t(key);
  const style = document.createElement('style');
  style.textContent = STYLE;
  const main = document.createElement('main');
  main.className = 'offline-view';
  const title = document.createElement('h1');
  title.textContent = t('pwa.offlineTitle');
  const text = document.createElement('p');
  text.textContent = t('pwa.offlineText');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = t('pwa.tryAgain');
  button.addEventListener('click', tryAgain);
  main.append(title, text, button);
  document.head.append(style);
  root.replaceChildren(main);
  document.body.style.margin = '0';
  // The connection is back: start again by itself (nothing is in progress on this page).
  window.addEventListener('online', tryAgain, { once: true });
}
