import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';
import {
  forgetPanelLogin,
  forgetPanelLogins,
  panelLogin,
  rememberPanelLogin,
  subscribePanelLogins,
  type PanelLogin,
} from './panel-logins.ts';
import { clearSession, storeAccessToken } from './session.ts';

installMemoryStorage();

const INSTALLER: PanelLogin = { password: '1234', userNo: 0, authority: { installer: true, manage: true } };
const MASTER: PanelLogin = { password: '5678', userNo: 1, authority: { installer: false, manage: true } };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  forgetPanelLogins();
  vi.restoreAllMocks();
});

describe('panel logins', () => {
  it('keeps an accepted login per panel in memory, never in web storage', () => {
    const writes = [vi.spyOn(localStorage, 'setItem'), vi.spyOn(sessionStorage, 'setItem')];
    rememberPanelLogin(864215040012345, MASTER);
    expect(panelLogin(864215040012345)).toEqual(MASTER);
    expect(panelLogin(864215040023456)).toBeUndefined();
    for (const write of writes) expect(write).not.toHaveBeenCalled();
  });

  it('keeps its own copy: the caller cannot change the kept login afterwards', () => {
    const given = { ...INSTALLER, authority: { ...INSTALLER.authority } };
    rememberPanelLogin(1, given);
    given.authority.installer = false;
    const kept = panelLogin(1);
    expect(kept).toEqual(INSTALLER);
    // The same object until it changes (a page following the store re-renders only on a change).
    expect(panelLogin(1)).toBe(kept);
  });

  it('forgets one panel, or all of them', () => {
    rememberPanelLogin(1, INSTALLER);
    rememberPanelLogin(2, MASTER);
    forgetPanelLogin(1);
    expect(panelLogin(1)).toBeUndefined();
    expect(panelLogin(2)).toBeDefined();
    forgetPanelLogins();
    expect(panelLogin(2)).toBeUndefined();
  });

  it('is forgotten with the token when the session ends', () => {
    storeAccessToken('a.b.c');
    rememberPanelLogin(1, INSTALLER);
    clearSession();
    expect(panelLogin(1)).toBeUndefined();
  });

  it('tells listeners about changes, and only about changes', () => {
    const listener = vi.fn();
    const stop = subscribePanelLogins(listener);
    rememberPanelLogin(1, INSTALLER);
    forgetPanelLogin(1);
    forgetPanelLogin(1);
    forgetPanelLogins();
    stop();
    rememberPanelLogin(1, INSTALLER);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
