import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldPanelLogin, holdPanelLogin } from './panel-login-hold.ts';
import {
  forgetPanelLogins,
  panelLogin,
  rememberPanelLogin,
  subscribePanelLogins,
  type PanelLogin,
} from './panel-logins.ts';

const INSTALLER: PanelLogin = { password: '1234', userNo: 0, authority: { installer: true, manage: true } };
const MASTER: PanelLogin = { password: '5678', userNo: 1, authority: { installer: false, manage: true } };
/** Lets the turn end (a page let go forgets its login once the turn is over). */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => forgetPanelLogins());

describe('held by the panel detail page while it is open', () => {
  it('a page entered again right after it was left asks again, however soon (no timing decides it)', () => {
    const first = holdPanelLogin(1, true);
    rememberPanelLogin(1, MASTER);
    first();
    // Back and forward in the browser's history before the turn is over: a new page is entering.
    const second = holdPanelLogin(1, true);
    expect(panelLogin(1)).toBeUndefined();
    expect(heldPanelLogin(1)).toBeUndefined();
    second();
  });

  it('kept while the page holds it, forgotten once the page is left', async () => {
    const release = holdPanelLogin(1, true);
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
    const release = holdPanelLogin(1, true);
    expect(panelLogin(1)).toBeUndefined();
    expect(listener).toHaveBeenCalled();
    stop();
    release();
    await nextTurn();
  });

  it('the same page mounted again in the same turn keeps its login (React development mode)', async () => {
    const first = holdPanelLogin(1, true);
    rememberPanelLogin(1, MASTER);
    first();
    const second = holdPanelLogin(1, false);
    await nextTurn();
    expect(panelLogin(1)).toEqual(MASTER);
    expect(heldPanelLogin(1)).toEqual(MASTER);
    second();
    await nextTurn();
    expect(panelLogin(1)).toBeUndefined();
  });

  it("letting go twice counts once, and one panel's page leaves the others alone", async () => {
    const one = holdPanelLogin(1, true);
    const two = holdPanelLogin(2, true);
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
