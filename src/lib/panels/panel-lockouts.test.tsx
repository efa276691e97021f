/**
 * The panels whose password is locked in this tab: only a panel-password lockout is noted, an ended lock is
 * forgotten, the session's end forgets every lock; and the prompt's notice says it is a lock, until when and the time
 * left (minutes:seconds, a `timer`), in Turkish and English, rendered to HTML (the unit tests have no DOM).
 */
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../locales/en.json';
import tr from '../../../locales/tr.json';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';
import { ApiError } from '../api/api-error.ts';
import { LockoutError } from '../api/lockout-error.ts';
import { PanelLockoutNotice } from './panel-lockout-notice.tsx';

installMemoryStorage();
const { forgetPanelLockouts, notePanelLockout, panelLockedUntil, subscribePanelLockouts } =
  await import('./panel-lockouts.ts');

const PANEL = 864215040012345;
const lock = (policy: string, until: number) => new LockoutError('locked', {}, { policy, until });

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'tr',
    resources: { en: { translation: en }, tr: { translation: tr } },
  });
});

describe('panel locks of this tab', () => {
  it('notes a panel password lockout only, and tells its listeners', () => {
    let told = 0;
    const stop = subscribePanelLockouts(() => (told += 1));
    const until = Date.now() + 60_000;
    expect(notePanelLockout(PANEL, new ApiError(403, 'Panel şifresi hatalı'))).toBe(false);
    expect(notePanelLockout(PANEL, lock('sign-in', until))).toBe(false);
    expect(panelLockedUntil(PANEL)).toBeUndefined();
    expect(notePanelLockout(PANEL, lock('panel-password', until))).toBe(true);
    expect(panelLockedUntil(PANEL)).toBe(until);
    expect(told).toBe(1);
    // The same lock again tells nobody; another panel is not locked by it.
    notePanelLockout(PANEL, lock('panel-password', until));
    expect(told).toBe(1);
    expect(panelLockedUntil(PANEL + 1)).toBeUndefined();
    stop();
  });

  it('forgets a lock once it has ended, and every lock when the session ends', () => {
    const until = Date.now() + 60_000;
    notePanelLockout(PANEL, lock('panel-password', until));
    expect(panelLockedUntil(PANEL, until + 1)).toBeUndefined();
    expect(panelLockedUntil(PANEL)).toBeUndefined();
    notePanelLockout(PANEL, lock('panel-password', until + 5));
    forgetPanelLockouts();
    expect(panelLockedUntil(PANEL)).toBeUndefined();
  });
});

describe('the prompt’s lockout notice', () => {
  const until = new Date(2026, 10, 21, 10, 15).getTime();

  it('says it is a lock, until when and the time left, in Turkish', async () => {
    await i18next.changeLanguage('tr');
    const html = renderToString(<PanelLockoutNotice until={until} secondsLeft={14 * 60 + 5} />);
    expect(html).toContain('Çok fazla hatalı panel şifresi');
    expect(html).toContain('Bu panel 10:15 saatine kadar sizin için kilitlendi');
    expect(html).toMatch(/role="timer"[^>]*>Kalan süre: 14:05</);
    expect(html).toContain('role="alert"');
  });

  it('and in English; nothing once the time is up or without a lock', async () => {
    await i18next.changeLanguage('en');
    const html = renderToString(<PanelLockoutNotice until={until} secondsLeft={9} />);
    expect(html).toContain('This panel is locked for you until 10:15');
    expect(html).toContain('Time left: 0:09');
    expect(renderToString(<PanelLockoutNotice until={until} secondsLeft={0} />)).toBe('');
    expect(renderToString(<PanelLockoutNotice until={undefined} secondsLeft={0} />)).toBe('');
  });
});
