import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';
import {
  forgetPanelLogin,
  forgetPanelLogins,
  panelLogin,
  rememberPanelLogin,
  subscribePanelLogins,
} from './panel-logins.ts';
import { clearTokens, storeTokens } from './session.ts';

installMemoryStorage();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('panel logins', () => {
  it('keeps an accepted login per panel, in session storage only', () => {
    rememberPanelLogin(864215040012345, { password: '5678', userNo: 1 });
    expect(panelLogin(864215040012345)).toEqual({ password: '5678', userNo: 1 });
    expect(panelLogin(864215040023456)).toBeUndefined();
    expect(localStorage.getItem('panel_logins')).toBeNull();
    expect(sessionStorage.getItem('panel_logins')).not.toBeNull();
  });

  it('forgets one panel, or all of them', () => {
    rememberPanelLogin(1, { password: '1234', userNo: 0 });
    rememberPanelLogin(2, { password: '5678', userNo: 1 });
    forgetPanelLogin(1);
    expect(panelLogin(1)).toBeUndefined();
    expect(panelLogin(2)).toBeDefined();
    forgetPanelLogins();
    expect(panelLogin(2)).toBeUndefined();
    expect(sessionStorage.getItem('panel_logins')).toBeNull();
  });

  it('is cleared with the tokens at sign-out', () => {
    storeTokens('a.b.c', 'refresh');
    rememberPanelLogin(1, { password: '1234', userNo: 0 });
    clearTokens();
    expect(panelLogin(1)).toBeUndefined();
  });

  it('ignores what is not a login (a damaged or foreign value)', () => {
    sessionStorage.setItem('panel_logins', '{"1":{"password":5},"2":"x"}');
    expect(panelLogin(1)).toBeUndefined();
    expect(panelLogin(2)).toBeUndefined();
    sessionStorage.setItem('panel_logins', 'not json');
    expect(panelLogin(1)).toBeUndefined();
  });

  it('tells listeners about changes', () => {
    const listener = vi.fn();
    const stop = subscribePanelLogins(listener);
    rememberPanelLogin(1, { password: '1234', userNo: 0 });
    forgetPanelLogin(1);
    forgetPanelLogin(1);
    stop();
    rememberPanelLogin(1, { password: '1234', userNo: 0 });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
