/**
 * Leaving the session in every tab: this module's tab against another tab played by a second BroadcastChannel of
 * the same name (Node's, which delivers between channels as a browser does) and by `storage` events.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import en from '../../../locales/en.json';
import tr from '../../../locales/tr.json';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';
import { toastStore } from '../../shared/toast/toast-store.ts';
import { panelLogin, rememberPanelLogin } from './panel-logins.ts';
import { getAccessToken, storeAccessToken } from './session.ts';
import { END_REASON_KEY, SESSION_CHANNEL, type SessionEndMessage } from './session-channel.ts';
import { configureSignOut, endSession, followOtherTabs, showSessionNotice, signOut } from './sign-out.ts';
import { configureTokenStore, sessionLeftHere } from './token-store.ts';

installMemoryStorage();

const ENDED = 'Oturumunuz sona erdi. Lütfen tekrar giriş yapın.';
const TOKEN = 'header.claims.signature';

/** The other tab. */
let other: BroadcastChannel;
const heard: unknown[] = [];
/** This tab's window, as far as `storage` events go. */
let events: EventTarget;
let leaves = 0;
/** The tokens the server was asked to revoke, with what this tab still held at that moment. */
let revoked: { token: string; stored: string | null }[] = [];
let stop: (() => void) | undefined;

/** A `storage` event as the browser fires it in this tab when another tab changes local storage. */
const storageEvent = (key: string | null, newValue: string | null, storageArea: unknown = localStorage) =>
  events.dispatchEvent(Object.assign(new Event('storage'), { key, newValue, storageArea }));

/** What the login page this tab reloads to would show. */
const messagesAfterReload = () => {
  showSessionNotice();
  return toastStore.list().map((toast) => toast.message);
};

beforeAll(async () => {
  await i18next.init({ lng: 'tr', resources: { en: { translation: en }, tr: { translation: tr } } });
  other = new BroadcastChannel(SESSION_CHANNEL);
  other.addEventListener('message', (event) => heard.push(event.data));
});
afterAll(() => other.close());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  configureTokenStore('cookie');
  toastStore.clear();
  heard.length = 0;
  leaves = 0;
  events = new EventTarget();
  revoked = [];
  configureSignOut(
    () => leaves++,
    async (token) => void revoked.push({ token, stored: getAccessToken() }),
  );
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.restoreAllMocks();
});

/** This tab, signed in and following the others. */
function signedInTab(): void {
  storeAccessToken(TOKEN);
  stop = followOtherTabs(events);
}

describe('ending the session here tells the other tabs', () => {
  it('a sign-out: posted as signedOut, the token removed, no message', async () => {
    signedInTab();
    await Promise.all([signOut(), signOut()]);
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'session-end', reason: 'signedOut' }]));
    expect(getAccessToken()).toBeNull();
    expect(leaves).toBe(1);
    expect(messagesAfterReload()).toEqual([]);
    // The server was asked once to revoke the session, before this tab let go of its token.
    expect(revoked).toEqual([{ token: TOKEN, stored: TOKEN }]);
  });

  it('a sign-out the server does not answer, or answers with a 401, still ends the session, without a message', async () => {
    signedInTab();
    let answer: () => void = () => undefined;
    configureSignOut(
      () => leaves++,
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    const signingOut = signOut();
    // While the revocation is under way the session is already ending: a 401 of a late call says nothing.
    endSession();
    expect(leaves).toBe(0);
    answer();
    await signingOut;
    expect(leaves).toBe(1);
    expect(getAccessToken()).toBeNull();
    expect(messagesAfterReload()).toEqual([]);
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'session-end', reason: 'signedOut' }]));
  });

  it('a session that ended: posted as ended once, only its reason written to local storage', async () => {
    signedInTab();
    const order: string[] = [];
    vi.spyOn(localStorage, 'setItem').mockImplementationOnce((key, value) => void order.push(`set ${key}=${value}`));
    const remove = vi.spyOn(localStorage, 'removeItem');
    remove.mockImplementation((key) => void order.push(`remove ${key}`));
    endSession();
    endSession();
    remove.mockRestore();
    expect(order).toEqual([`set ${END_REASON_KEY}=ended`, `remove ${END_REASON_KEY}`]);
    expect(getAccessToken()).toBeNull();
    // The login page it goes to renews nothing from the refresh cookie by itself.
    expect(sessionLeftHere()).toBe(true);
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'session-end', reason: 'ended' } as SessionEndMessage]));
    expect(leaves).toBe(1);
    expect(messagesAfterReload()).toEqual([ENDED]);
  });
});

describe('a session ended in another tab ends here', () => {
  it('a sign-out there: this tab leaves, forgets its panel logins, and says nothing', async () => {
    signedInTab();
    rememberPanelLogin(864215040012345, { password: '1234', userNo: 0, authority: { installer: true, manage: true } });
    other.postMessage({ type: 'session-end', reason: 'signedOut' });
    await vi.waitFor(() => expect(leaves).toBe(1));
    // The token this tab held goes too, should this tab hear of the end before the storage does.
    expect(getAccessToken()).toBeNull();
    expect(panelLogin(864215040012345)).toBeUndefined();
    expect(messagesAfterReload()).toEqual([]);
  });

  it('a session ended there: one message here, even when both the channel and the storage tell it', async () => {
    signedInTab();
    other.postMessage({ type: 'session-end', reason: 'ended' });
    storageEvent(END_REASON_KEY, 'ended');
    storageEvent(END_REASON_KEY, null);
    await vi.waitFor(() => expect(leaves).toBe(1));
    other.postMessage({ type: 'session-end', reason: 'ended' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(leaves).toBe(1);
    expect(messagesAfterReload()).toEqual([ENDED]);
  });

  it('without BroadcastChannel the storage event of the reason says it', () => {
    signedInTab();
    storageEvent(END_REASON_KEY, 'signedOut');
    storageEvent(END_REASON_KEY, null);
    expect(leaves).toBe(1);
    expect(messagesAfterReload()).toEqual([]);
  });

  it('ignores what is no end: a foreign message, another key, a cleared storage, the session storage', async () => {
    signedInTab();
    other.postMessage({ type: 'session-end', reason: 'bored' });
    other.postMessage('session-end');
    storageEvent('lang', null);
    // Local storage cleared by hand: the token was never there.
    storageEvent(null, null);
    storageEvent(END_REASON_KEY, 'ended', sessionStorage);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(leaves).toBe(0);
    expect(getAccessToken()).toBe(TOKEN);
  });

  it('a tab that holds no session has nothing to end', async () => {
    stop = followOtherTabs(events);
    other.postMessage({ type: 'session-end', reason: 'ended' });
    storageEvent(END_REASON_KEY, 'ended');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(leaves).toBe(0);
    expect(messagesAfterReload()).toEqual([]);
  });
});
