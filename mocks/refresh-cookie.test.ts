/**
 * The refresh cookie of the contract's proposal (mocks/refresh-cookie.ts): set at sign-in, renewing without a bearer
 * token, cleared and revoked by the sign-out; none at all in bearer mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract, CONTRACT_FILE } from './contract.ts';
import type { RunningFront } from './front.ts';
import { cookieValue, refreshCookieName, sessionModeOf } from './refresh-cookie.ts';
import { signMockToken } from './access.ts';
import type { MockControls } from './controls.ts';
import { startTestFront } from './test-front.ts';

const contract = Contract.load(CONTRACT_FILE);
const NAME = '__Host-refresh';
const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('the refresh cookie, alone', () => {
  it("takes its name from the contract's x-session and refuses a name without __Host-", () => {
    expect(refreshCookieName(contract.document)).toBe(NAME);
    expect(() => refreshCookieName({ 'x-session': { refreshCookie: 'refresh' } })).toThrow(/__Host-/);
  });

  it('reads one cookie among others; the mode is cookie unless bearer is asked for', () => {
    expect(cookieValue(`a=1; ${NAME}=xyz; b=2`, NAME)).toBe('xyz');
    expect(cookieValue('a=1', NAME)).toBeUndefined();
    expect(sessionModeOf(undefined)).toBe('cookie');
    expect(sessionModeOf('bearer')).toBe('bearer');
    expect(() => sessionModeOf('local')).toThrow(/MOCK_SESSION/);
  });
});

/** The stack's controls, without a broker or panels: enough for the test sessions' control. */
const noBroker: MockControls = {
  stopBroker: () => Promise.reject(new Error('no broker here')),
  startBroker: () => Promise.reject(new Error('no broker here')),
  brokerRunning: () => false,
  publish: () => Promise.reject(new Error('no broker here')),
  resetPanels: () => Promise.reject(new Error('no panels here')),
  setPanelConnected: () => Promise.resolve(false),
};

const fronts: Record<'cookie' | 'bearer', RunningFront> = {} as never;
beforeAll(async () => {
  [fronts.cookie, fronts.bearer] = await Promise.all([
    startTestFront(contract, 'cookie', noBroker),
    startTestFront(contract, 'bearer', noBroker),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all(Object.values(fronts).map((front) => front.stop()));
});

const signIn = async (front: RunningFront, username = 'user') => {
  const response = await fetch(`${front.url}/api/logins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'anything' }),
  });
  const body = (await response.json()) as { data: { token: string } };
  return { token: body.data.token, setCookie: response.headers.get('set-cookie') };
};
/** A call with only the cookie (no bearer token), as a reloaded console makes it. */
const withCookie = async (front: RunningFront, method: string, path: string, value: string | undefined) => {
  const response = await fetch(`${front.url}/api${path}`, {
    method,
    headers: { agent: 'browser', ...(value === undefined ? {} : { cookie: `${NAME}=${value}` }) },
  });
  const text = await response.text();
  const token = response.ok && text ? (JSON.parse(text) as { data: { data: { token: string } } }).data.data.token : '';
  return { status: response.status, token, setCookie: response.headers.get('set-cookie') };
};

describe('the refresh cookie on the mock (cookie mode)', () => {
  it('is set at sign-in as a __Host- session cookie: HttpOnly, Secure, SameSite=Strict, Path=/, no lifetime', async () => {
    const { token, setCookie } = await signIn(fronts.cookie);
    expect(setCookie).toMatch(new RegExp(`^${NAME}=[A-Za-z0-9_-]{43}; `));
    for (const attribute of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict']) expect(setCookie).toContain(attribute);
    expect(setCookie).not.toMatch(/Max-Age|Expires|Domain/i);
    // The value names the session: it is never the access token.
    expect(setCookie).not.toContain(token);
  });

  it("renews the session from the cookie alone, the same session's token; without it 401", async () => {
    const { token, setCookie } = await signIn(fronts.cookie);
    const value = cookieValue(setCookie!.split(';')[0], NAME);
    const renewed = await withCookie(fronts.cookie, 'GET', '/changed-jwt', value);
    expect(renewed.status).toBe(200);
    expect(claims(renewed.token)).toMatchObject({ sid: claims(token).sid, Username: 'user' });
    expect(renewed.setCookie).toContain(`${NAME}=${value};`);
    expect((await withCookie(fronts.cookie, 'GET', '/changed-jwt', undefined)).status).toBe(401);
    expect((await withCookie(fronts.cookie, 'GET', '/changed-jwt', 'x'.repeat(43))).status).toBe(401);
  });

  it('signs out with the cookie: cleared (Max-Age=0), the session revoked, its bearer token refused', async () => {
    const { token, setCookie } = await signIn(fronts.cookie);
    const value = cookieValue(setCookie!.split(';')[0], NAME);
    const out = await withCookie(fronts.cookie, 'POST', '/logout', value);
    expect(out.status).toBe(204);
    expect(out.setCookie).toMatch(new RegExp(`^${NAME}=; .*Max-Age=0`));
    expect((await withCookie(fronts.cookie, 'GET', '/changed-jwt', value)).status).toBe(401);
    const refresh = await fetch(`${fronts.cookie.url}/api/changed-jwt`, {
      headers: { authorization: `Bearer ${token}`, agent: 'browser' },
    });
    expect(refresh.status).toBe(401);
  });

  it("a bearer sign-out clears the cookie too, and the cookie's session is gone with it", async () => {
    const { token, setCookie } = await signIn(fronts.cookie);
    const value = cookieValue(setCookie!.split(';')[0], NAME);
    const out = await fetch(`${fronts.cookie.url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, cookie: `${NAME}=${value}`, agent: 'browser' },
    });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await withCookie(fronts.cookie, 'GET', '/changed-jwt', value)).status).toBe(401);
  });
});

describe('the mock in bearer mode (a backend that keeps bearer-only sign-in)', () => {
  it('sets no cookie and renews only with a bearer token', async () => {
    const { token, setCookie } = await signIn(fronts.bearer);
    expect(setCookie).toBeNull();
    const cookieValueOfOther = cookieValue((await signIn(fronts.cookie)).setCookie!.split(';')[0], NAME);
    expect((await withCookie(fronts.bearer, 'GET', '/changed-jwt', cookieValueOfOther)).status).toBe(401);
    const refresh = await fetch(`${fronts.bearer.url}/api/changed-jwt`, {
      headers: { authorization: `Bearer ${token}`, agent: 'browser' },
    });
    expect(refresh.status).toBe(200);
    expect(refresh.headers.get('set-cookie')).toBeNull();
  });
});

describe("a browser test's session (the control POST /__mock/sessions/cookie)", () => {
  const pin = (front: RunningFront, token: unknown) =>
    fetch(`${front.url}/api/__mock/sessions/cookie`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
  const now = () => Math.floor(Date.now() / 1000);
  const chosen = (changes: Record<string, unknown>) =>
    signMockToken({ ...claims(contract.exampleToken('user')), sid: `test-${Math.random()}`, ...changes });

  it('sets the refresh cookie for a token of the claims a test chose; the renewal from it answers that token', async () => {
    const token = chosen({ SubExpireDate: '1900-01-01T00:00:00Z', exp: now() + 600 });
    const answer = await pin(fronts.cookie, token);
    expect(answer.status).toBe(200);
    const setCookie = answer.headers.get('set-cookie');
    for (const attribute of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict']) expect(setCookie).toContain(attribute);
    const value = cookieValue(setCookie!.split(';')[0], NAME);
    const renewed = await withCookie(fronts.cookie, 'GET', '/changed-jwt', value);
    expect(renewed).toMatchObject({ status: 200, token });
    // The sign-out clears it as any other: the next renewal from it is refused.
    expect((await withCookie(fronts.cookie, 'POST', '/logout', value)).status).toBe(204);
    expect((await withCookie(fronts.cookie, 'GET', '/changed-jwt', value)).status).toBe(401);
  });

  it('takes only a token the mock signed and still accepts; none in bearer mode', async () => {
    expect((await pin(fronts.cookie, chosen({ exp: now() - 60 }))).status).toBe(400);
    expect((await pin(fronts.cookie, `${chosen({ exp: now() + 600 })}x`)).status).toBe(400);
    expect((await pin(fronts.cookie, 42)).status).toBe(400);
    const bearer = await pin(fronts.bearer, chosen({ exp: now() + 600 }));
    expect(bearer.status).toBe(409);
    expect(bearer.headers.get('set-cookie')).toBeNull();
  });
});
