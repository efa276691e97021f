/**
 * The access token kept out of local storage: in memory in cookie mode, in this tab's sessionStorage in bearer mode;
 * handed between tabs over the session channel (another tab played by a second BroadcastChannel of the same name,
 * Node's, which delivers between channels as a browser does); and a page's start: the other tabs first, then the
 * refresh cookie (a local server stands for the API).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';
import { freePort } from '../../../mocks/ports.ts';
import { configureGateway } from '../api/gateway.ts';
import { clearSession, getAccessToken, storeAccessToken } from './session.ts';
import { SESSION_CHANNEL } from './session-channel.ts';
import { renewFromCookie, restoreSession } from './session-restore.ts';
import { configureSignOut, endSession } from './sign-out.ts';
import { askOtherTabs, shareTokenWithTabs, takesOver } from './tab-handover.ts';
import { ACCESS_TOKEN_KEY, configureTokenStore, sessionLeftHere } from './token-store.ts';

installMemoryStorage();

/** A token of the contract's shape expiring at `exp` (seconds); the console never checks signatures. */
const tokenExpiring = (exp: number, name = 'user') => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { Username: name, SubExpireDate: '2027-12-31T23:59:59Z', UserType: 0, user_id: 3, OldUserId: 0, exp };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.sig`;
};
const TOKEN = tokenExpiring(2_000_000_000);
const LATER = tokenExpiring(2_000_000_900);
const EARLIER = tokenExpiring(1_999_999_000);

/** The other tab. */
let other: BroadcastChannel;
const heard: unknown[] = [];
let stop: (() => void) | undefined;
/** Nothing of the token anywhere in web storage. */
const webStorageHolds = (token: string) =>
  [localStorage, sessionStorage].some((storage) => storage.getItem(ACCESS_TOKEN_KEY) === token);

beforeAll(() => {
  other = new BroadcastChannel(SESSION_CHANNEL);
  other.addEventListener('message', (event) => heard.push(event.data));
});
afterAll(() => other.close());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  heard.length = 0;
  configureTokenStore('cookie');
  configureSignOut(() => undefined);
});
afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('where the token is kept', () => {
  it('cookie mode: in memory only, nothing in local or session storage; a page that opens holds none', () => {
    storeAccessToken(TOKEN);
    expect(getAccessToken()).toBe(TOKEN);
    expect(webStorageHolds(TOKEN)).toBe(false);
    // A reload: the module starts again and holds nothing until it is handed or renews a token.
    configureTokenStore('cookie');
    expect(getAccessToken()).toBeNull();
  });

  it('cookie mode drops a token a bearer configuration left in this tab', () => {
    sessionStorage.setItem(ACCESS_TOKEN_KEY, TOKEN);
    configureTokenStore('cookie');
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  it("bearer mode: in this tab's sessionStorage, never localStorage; a reload takes it back, a sign-out drops it", () => {
    configureTokenStore('bearer');
    storeAccessToken(TOKEN);
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe(TOKEN);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    configureTokenStore('bearer');
    expect(getAccessToken()).toBe(TOKEN);
    clearSession();
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});

describe('handing the token between tabs (cookie mode)', () => {
  it('answers a tab that asks, and gives every new token of its own to the others', async () => {
    storeAccessToken(TOKEN);
    stop = shareTokenWithTabs();
    other.postMessage({ type: 'token-request' });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'token', token: TOKEN }]));
    storeAccessToken(LATER);
    await vi.waitFor(() =>
      expect(heard).toEqual([
        { type: 'token', token: TOKEN },
        { type: 'token', token: LATER },
      ]),
    );
  });

  it('takes a token another tab gives (a sign-in there, a renewal), without giving it back', async () => {
    stop = shareTokenWithTabs();
    other.postMessage({ type: 'token', token: TOKEN });
    await vi.waitFor(() => expect(getAccessToken()).toBe(TOKEN));
    other.postMessage({ type: 'token', token: LATER });
    await vi.waitFor(() => expect(getAccessToken()).toBe(LATER));
    // One that ends sooner than the one held (two tabs renewing at once) is not taken.
    other.postMessage({ type: 'token', token: EARLIER });
    other.postMessage({ type: 'token', token: 42 });
    other.postMessage({ type: 'token-request' });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'token', token: LATER }]));
    expect(getAccessToken()).toBe(LATER);
    expect(takesOver(EARLIER, LATER)).toBe(false);
    expect(takesOver(TOKEN, null)).toBe(true);
  });

  it('a tab whose session is ending neither answers nor takes a token', async () => {
    storeAccessToken(TOKEN);
    stop = shareTokenWithTabs();
    endSession();
    other.postMessage({ type: 'token-request' });
    other.postMessage({ type: 'token', token: LATER });
    // The end's own message comes first; whatever came after it would be here by the time the probe answers.
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'session-end', reason: 'ended' }]));
    expect(getAccessToken()).toBeNull();
  });

  it('bearer mode hands nothing over: each tab keeps its own session', async () => {
    configureTokenStore('bearer');
    storeAccessToken(TOKEN);
    stop = shareTokenWithTabs();
    // askOtherTabs listens on this tab's channel too: once it has the token, this tab has seen both messages.
    const listening = askOtherTabs(5_000);
    other.postMessage({ type: 'token-request' });
    other.postMessage({ type: 'token', token: LATER });
    expect(await listening).toBe(LATER);
    storeAccessToken(EARLIER);
    // A second request goes out after whatever this tab would have posted (a channel delivers in order).
    void askOtherTabs(1);
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'token-request' }, { type: 'token-request' }]));
    expect(getAccessToken()).toBe(EARLIER);
  });

  it('a tab that opens gets the first answer, or nothing once the bounded wait is over', async () => {
    const answering = (event: MessageEvent) => {
      if ((event.data as { type?: string }).type === 'token-request')
        other.postMessage({ type: 'token', token: TOKEN });
    };
    other.addEventListener('message', answering);
    expect(await askOtherTabs(5_000)).toBe(TOKEN);
    other.removeEventListener('message', answering);
    const started = Date.now();
    expect(await askOtherTabs(30)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe("a page's start (cookie mode)", () => {
  const steps = (handed: string | null, renewed: string | null) => ({
    askTabs: vi.fn(async () => handed),
    renew: vi.fn(async () => renewed),
  });

  it('takes the token another tab holds, and renews nothing', async () => {
    const { askTabs, renew } = steps(TOKEN, LATER);
    await restoreSession({ askTabs, renew });
    expect(getAccessToken()).toBe(TOKEN);
    expect(renew).not.toHaveBeenCalled();
  });

  it('with no tab answering, renews from the refresh cookie; without one it stays signed out', async () => {
    const first = steps(null, LATER);
    await restoreSession(first);
    expect(getAccessToken()).toBe(LATER);
    expect(webStorageHolds(LATER)).toBe(false);
    configureTokenStore('cookie');
    await restoreSession(steps(null, null));
    expect(getAccessToken()).toBeNull();
  });

  it('a tab whose session ended renews nothing until a sign-in in it', async () => {
    storeAccessToken(TOKEN);
    endSession();
    expect(sessionLeftHere()).toBe(true);
    configureTokenStore('cookie');
    const { askTabs, renew } = steps(null, LATER);
    await restoreSession({ askTabs, renew });
    expect(renew).not.toHaveBeenCalled();
    expect(getAccessToken()).toBeNull();
    storeAccessToken(TOKEN);
    expect(sessionLeftHere()).toBe(false);
  });

  it('bearer mode asks nobody: the tab has its own token or signs in', async () => {
    configureTokenStore('bearer');
    const { askTabs, renew } = steps(TOKEN, LATER);
    await restoreSession({ askTabs, renew });
    expect(askTabs).not.toHaveBeenCalled();
    expect(renew).not.toHaveBeenCalled();
    expect(getAccessToken()).toBeNull();
  });
});

describe('the renewal from the refresh cookie', () => {
  let server: Server;
  const seen: { url?: string; headers: IncomingHttpHeaders }[] = [];
  let status = 200;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url, headers: req.headers });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? { data: { data: { token: LATER } } } : { message: 'no session' }));
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    configureGateway({ baseUrl: `http://127.0.0.1:${port}/api`, language: () => 'en', timeoutMs: 5_000 });
  });
  afterAll(() => server.close());

  it('calls the contract renewal without a bearer token; a 401 (no cookie) is no session and no sign-out', async () => {
    status = 200;
    expect(await renewFromCookie()).toBe(LATER);
    expect(seen.at(-1)?.url).toBe('/api/changed-jwt');
    expect(seen.at(-1)?.headers.authorization).toBeUndefined();
    status = 401;
    expect(await renewFromCookie()).toBeNull();
    expect(sessionLeftHere()).toBe(false);
  });
});
