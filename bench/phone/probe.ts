/**
 * bench:phone's in-page probe: on every animation frame it checks whether /login is usable and whether the panel list
 * is live, and notes `performance.now()` at the first frame where each holds; the bench reads the notes back.
 */
import type { Page } from 'playwright-core';
import { paths } from '../../src/lib/routing/paths.ts';
import { within } from '../browser-bench.ts';
import { LIVE_TEXT, TR } from './plan.ts';

/**
 * The in-page probe, installed with `addInitScript` (plain JavaScript in a string: a function from this file would
 * carry the TypeScript loader's helpers). Checks on every animation frame; notes performance.now() once.
 */
export const PROBE = `(() => {
  performance.setResourceTimingBufferSize(2000);
  const LIVE_TEXT = ${JSON.stringify(LIVE_TEXT)};
  const LABELS = ${JSON.stringify({ user: TR.auth.login.username, password: TR.auth.login.password })};
  const PANELS_PATH = ${JSON.stringify(paths.panels)};
  const state = { usable: undefined, click: undefined, live: undefined, panels: 0 };
  window.__phone = state;
  const shown = (element) => {
    if (!element || !element.isConnected) return false;
    if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  // Writable, and labelled in Turkish (texts loaded): a person can tell what to type where.
  const writable = (input, label) =>
    shown(input) &&
    !input.disabled &&
    !input.readOnly &&
    [...(input.labels || [])].some((element) => (element.textContent || '').trim().startsWith(label));
  const loginUsable = () => {
    const user = document.querySelector('form input[autocomplete="username"]');
    const password = document.querySelector('form input[type="password"][autocomplete="current-password"]');
    const button = document.querySelector('form button[type="submit"]');
    if (!writable(user, LABELS.user) || !writable(password, LABELS.password) || !shown(button)) return false;
    return !button.disabled || user.value.trim() === '' || password.value === '';
  };
  const panelListLive = () => {
    if (location.pathname !== PANELS_PATH) return false;
    const chip = document.querySelector('[data-testid="live-status"]');
    if (!shown(chip) || (chip.textContent || '').trim() !== LIVE_TEXT) return false;
    let panels = 0;
    for (const item of document.querySelectorAll('[data-testid^="panel-"]')) {
      if (/^panel-\\d+$/.test(item.dataset.testid) && shown(item)) panels++;
    }
    state.panels = panels;
    return panels > 0;
  };
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest('button[type="submit"]') : null;
      if (target && state.usable !== undefined && state.click === undefined) state.click = event.timeStamp;
    },
    true,
  );
  const frame = () => {
    if (state.usable === undefined && loginUsable()) state.usable = performance.now();
    if (state.click !== undefined && state.live === undefined && panelListLive()) state.live = performance.now();
    if (state.live === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

export interface ProbeState {
  usable?: number;
  click?: number;
  live?: number;
  panels: number;
}

export const probeState = (page: Page) => page.evaluate(() => (window as unknown as { __phone: ProbeState }).__phone);

export async function waitFor(page: Page, key: 'usable' | 'live', what: string): Promise<void> {
  await within(
    page.waitForFunction((name) => (window as unknown as { __phone?: ProbeState }).__phone?.[name] !== undefined, key, {
      polling: 250,
      timeout: 0,
    }),
    60_000,
    what,
  );
}
