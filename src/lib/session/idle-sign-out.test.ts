/**
 * The idle timeout's sign-out: the server revokes the session first, then the token and the panel logins go and the
 * page leaves; every tab (this one, and another one told over the session channel) says why on its login page.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import en from '../../../locales/en.json';
import tr from '../../../locales/tr.json';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';
import { toastStore } from '../../shared/toast/toast-store.ts';
import { panelLogin, rememberPanelLogin } from './panel-logins.ts';
import { getAccessToken, storeAccessToken } from './session.ts';
import { configureTokenStore } from './token-store.ts';
import { SESSION_CHANNEL } from './session-channel.ts';
import { configureSignOut, followOtherTabs, showSessionNotice, signOutIdle } from './sign-out.ts';

installMemoryStorage();

const IDLE = 'Konsol bir süre kullanılmadığı için oturumunuz kapatıldı. Lütfen tekrar giriş yapın.';
const TOKEN = 'header.claims.signature';
const PANEL = 864215040012345;

let other: BroadcastChannel;
const heard: unknown[] = [];
let order: string[] = [];
let stop: (() => void) | undefined;

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
  configureTokenStore('cookie');
  sessionStorage.clear();
  toastStore.clear();
  heard.length = 0;
  order = [];
  configureSignOut(
    () => order.push(`leave (token ${getAccessToken()}, panel login ${panelLogin(PANEL) ? 'kept' : 'gone'})`),
    async (token) =>
      void order.push(
        `revoke ${token} (token ${getAccessToken()}, panel login ${panelLogin(PANEL) ? 'kept' : 'gone'})`,
      ),
  );
  storeAccessToken(TOKEN);
  rememberPanelLogin(PANEL, { password: '1234', userNo: 0, authority: { installer: true, manage: true } });
  stop = followOtherTabs(new EventTarget());
});
afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('the idle sign-out', () => {
  it('revokes on the server first, then clears the token and the panel logins, once, and says why', async () => {
    await Promise.all([signOutIdle(), signOutIdle()]);
    expect(order).toEqual([
      `revoke ${TOKEN} (token ${TOKEN}, panel login kept)`,
      'leave (token null, panel login gone)',
    ]);
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'session-end', reason: 'idle' }]));
    expect(messagesAfterReload()).toEqual([IDLE]);
    // Once: a later page of the same tab says nothing more.
    toastStore.clear();
    expect(messagesAfterReload()).toEqual([]);
  });

  it('in another tab: this tab leaves without a revocation of its own, and its login page says why', async () => {
    other.postMessage({ type: 'session-end', reason: 'idle' });
    await vi.waitFor(() => expect(order).toEqual(['leave (token null, panel login gone)']));
    expect(messagesAfterReload()).toEqual([IDLE]);
  });
});
