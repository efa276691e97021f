import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';
import {
  forgetPanelLogin,
  forgetPanelLogins,
  panelLogin,
  rememberPanelLogin,
  subscribePanelLogins,
} from './panel-logins.ts';
import { clearSession, storeAccessToken } from './session.ts';

installMemoryStorage();

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
    rememberPanelLogin(864215040012345, { password: '5678', userNo: 1 });
    expect(panelLogin(864215040012345)).toEqual({ password: '5678', userNo: 1 });
    expect(panelLogin(864215040023456)).toBeUndefined();
    for (const write of writes) expect(write).not.toHaveBeenCalled();
  });

  it('hands out copies: a caller cannot change the kept login', () => {
    rememberPanelLogin(1, { password: '1234', userNo: 0 });
    panelLogin(1)!.password = '0000';
    expect(panelLogin(1)).toEqual({ password: '1234', userNo: 0 });
  });

  it('forgets one panel, or all of them', () => {
    rememberPanelLogin(1, { password: '1234', userNo: 0 });
    rememberPanelLogin(2, { password: '5678', userNo: 1 });
    forgetPanelLogin(1);
    expect(panelLogin(1)).toBeUndefined();
    expect(panelLogin(2)).toBeDefined();
    forgetPanelLogins();
    expect(panelLogin(2)).toBeUndefined();
  });

  it('is forgotten with the token when the session ends', () => {
    storeAccessToken('a.b.c');
    rememberPanelLogin(1, { password: '1234', userNo: 0 });
    clearSession();
    expect(panelLogin(1)).toBeUndefined();
  });

  it('tells listeners about changes, and only about changes', () => {
    const listener = vi.fn();
    const stop = subscribePanelLogins(listener);
    rememberPanelLogin(1, { password: '1234', userNo: 0 });
    forgetPanelLogin(1);
    forgetPanelLogin(1);
    forgetPanelLogins();
    stop();
    rememberPanelLogin(1, { password: '1234', userNo: 0 });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
