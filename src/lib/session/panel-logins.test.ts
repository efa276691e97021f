import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';
import {
  forgetPanelLogin,
  forgetPanelLogins,
  heldPanelLogin,
  holdPanelLogin,
  panelLogin,
  rememberPanelLogin,
  subscribePanelLogins,
  type PanelLogin,
} from './panel-logins.ts';
import { clearSession, storeAccessToken } from './session.ts';

installMemoryStorage();

const INSTALLER: PanelLogin = { password: '1234', userNo: 0, authority: { installer: true, manage: true } };
const MASTER: PanelLogin = { password: '5678', userNo: 1, authority: { installer: false, manage: true } };
/** Lets the turn end (a page let go forgets its login once the turn is over). */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

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

  it('keeps its own frozen copy: neither the caller nor a reader can change the kept login', () => {
    const given = { ...INSTALLER, authority: { ...INSTALLER.authority } };
    rememberPanelLogin(1, given);
    given.authority.installer = false;
    const kept = panelLogin(1)!;
    expect(Object.isFrozen(kept) && Object.isFrozen(kept.authority)).toBe(true);
    expect(() => ((kept as { password: string }).password = '0000')).toThrow(TypeError);
    expect(panelLogin(1)).toEqual(INSTALLER);
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

describe('held by the panel detail page while it is open', () => {
  it('kept while the page holds it, forgotten once the page is left', async () => {
    const release = holdPanelLogin(1);
    rememberPanelLogin(1, INSTALLER);
    await nextTurn();
    expect(heldPanelLogin(1)).toEqual(INSTALLER);
    release();
    expect(heldPanelLogin(1)).toBeUndefined();
    await nextTurn();
    expect(panelLogin(1)).toBeUndefined();
  });

  it('entering the page afresh starts without a login, even one kept before', async () => {
    rememberPanelLogin(1, INSTALLER);
    expect(heldPanelLogin(1)).toBeUndefined();
    const listener = vi.fn();
    const stop = subscribePanelLogins(listener);
    const release = holdPanelLogin(1);
    expect(panelLogin(1)).toBeUndefined();
    expect(listener).toHaveBeenCalled();
    stop();
    release();
    await nextTurn();
  });

  it('the same page mounted again in the same turn keeps its login (React development mode)', async () => {
    const first = holdPanelLogin(1);
    rememberPanelLogin(1, MASTER);
    first();
    const second = holdPanelLogin(1);
    await nextTurn();
    expect(panelLogin(1)).toEqual(MASTER);
    expect(heldPanelLogin(1)).toEqual(MASTER);
    second();
    await nextTurn();
    expect(panelLogin(1)).toBeUndefined();
  });

  it("letting go twice counts once, and one panel's page leaves the others alone", async () => {
    const one = holdPanelLogin(1);
    const two = holdPanelLogin(2);
    rememberPanelLogin(1, INSTALLER);
    rememberPanelLogin(2, MASTER);
    one();
    one();
    await nextTurn();
    expect(panelLogin(1)).toBeUndefined();
    expect(panelLogin(2)).toEqual(MASTER);
    two();
    await nextTurn();
    expect(panelLogin(2)).toBeUndefined();
  });
});
