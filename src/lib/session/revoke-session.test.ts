/**
 * The server's part of the sign-out through the gateway: the proposed `POST /logout` with the token named, and a
 * sign-out that goes on whatever the server does (answers 204 or 401, fails, never answers).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';
import { configureGateway } from '../api/gateway.ts';
import { configureSignOut, isSessionEnding, signOut } from './sign-out.ts';
import { storeAccessToken } from './session.ts';
import { revokeSession } from './revoke-session.ts';

installMemoryStorage();

const TOKEN = 'header.claims.signature';
let requests: Request[] = [];

/** The server: every request recorded, answered by `answer`. */
function serve(answer: (request: Request) => Promise<Response>): void {
  requests = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    return answer(request);
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // Called alone (not from a sign-out), a 401 ends the session as any refused call does: start afresh each time.
  configureSignOut(() => undefined);
  configureGateway({ baseUrl: 'http://api.test/api', language: () => 'tr', timeoutMs: 10_000 });
});
afterEach(() => vi.unstubAllGlobals());

describe('revoking the session on the server', () => {
  it('sends POST /logout with the token it names, and resolves on the 204', async () => {
    serve(async () => new Response(null, { status: 204 }));
    await revokeSession(TOKEN);
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST http://api.test/api/logout']);
    expect(requests[0]!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('resolves on a 401, a failure and a server that never answers (after its short time-out)', async () => {
    serve(async () => Response.json({ message: 'Oturum süresi doldu' }, { status: 401 }));
    await expect(revokeSession(TOKEN)).resolves.toBeUndefined();
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(revokeSession(TOKEN)).resolves.toBeUndefined();
    serve(
      (request) =>
        new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))),
    );
    const started = performance.now();
    await expect(revokeSession(TOKEN, 50)).resolves.toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("a sign-out whose revocation is refused with a 401 ends the session as the user's own, with no message", async () => {
    serve(async () => Response.json({ message: 'Oturum süresi doldu' }, { status: 401 }));
    let leaves = 0;
    configureSignOut(() => leaves++);
    storeAccessToken(TOKEN);
    await signOut();
    expect(requests).toHaveLength(1);
    expect(leaves).toBe(1);
    expect(isSessionEnding()).toBe(true);
    expect(sessionStorage.getItem('session_ended')).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
