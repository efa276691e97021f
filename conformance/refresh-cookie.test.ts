/**
 * The refresh cookie probe (refresh-cookie.ts) passes against the honest mock and catches each planted fault: a
 * cookie without HttpOnly, a renewal that ignores the cookie, a sign-out that neither clears nor revokes it; a
 * bearer-only mock is skipped as the fallback the contract allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContext } from './checks.ts';
import { startHonestMock, type HonestMock } from './honest-mock.ts';
import { cookieFaults, REFRESH_COOKIE_CHECKS, runRefreshCookie } from './refresh-cookie.ts';
import { contract } from './test-support.ts';
import { answerJson, startWrongFront, type WrongFront } from './wrong-front.ts';

let mock: HonestMock;
let wrong: WrongFront;

beforeAll(async () => {
  mock = await startHonestMock();
  // A server that renews only with a bearer token and "signs out" a cookie without clearing or revoking it.
  wrong = await startWrongFront(mock.target, {
    getChangedJwt: (request) =>
      request.headers.authorization ? undefined : answerJson(401, { message: 'no token', status: 'Error' }),
    logout: (request) => (request.headers.authorization ? undefined : (res) => void res.writeHead(204).end()),
  });
}, 60_000);
afterAll(async () => {
  await wrong?.stop();
  await mock?.stop();
});

const run = (target: string) =>
  runRefreshCookie(checkContext({ contract, target, token: 'unused', allowWrites: true }));

describe('the refresh cookie probe', () => {
  it('passes against the honest mock', async () => {
    const results = await run(mock.target);
    expect(results.map((r) => [r.name, r.status])).toEqual(
      Object.values(REFRESH_COOKIE_CHECKS).map((name) => [name, 'passed']),
    );
    expect(results.every((r) => r.proposed && r.kind === 'session')).toBe(true);
  });

  it('catches a renewal that ignores the cookie and a sign-out that neither clears nor revokes it', async () => {
    const results = await run(wrong.url);
    expect(results.map((r) => [r.name, r.status])).toEqual([
      [REFRESH_COOKIE_CHECKS.set, 'passed'],
      [REFRESH_COOKIE_CHECKS.renewed, 'failed'],
      [REFRESH_COOKIE_CHECKS.cleared, 'failed'],
    ]);
    expect(results[1]!.message).toMatch(/expected 200 with a token to the cookie alone, answered 401/);
    expect(results[2]!.message).toMatch(/answered 204 without a cookie/);
    expect(new Set(wrong.faulted)).toEqual(new Set(['getChangedJwt', 'logout']));
  });

  it("judges the cookie's attributes", () => {
    const name = '__Host-refresh';
    expect(cookieFaults(`${name}=abc; Path=/; HttpOnly; Secure; SameSite=Strict`, name)).toEqual([]);
    expect(cookieFaults(`${name}=abc; Path=/; Secure; SameSite=Lax; Max-Age=3600; Domain=example.com`, name)).toEqual([
      'no httponly',
      'not samesite=strict',
      'has max-age',
      'has domain',
    ]);
  });

  it('skips without --allow-writes, saying so', async () => {
    const results = await runRefreshCookie(checkContext({ contract, target: mock.target, token: 'unused' }));
    expect(results.every((r) => r.status === 'skipped' && /--allow-writes/.test(r.message ?? ''))).toBe(true);
  });
});
