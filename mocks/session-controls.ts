/**
 * The mock control that opens a browser test signed in (`POST /__mock/sessions/cookie` with `{ token }`): the
 * console keeps its access token in memory only, so a test cannot write one into the page; instead it gets the
 * refresh cookie a sign-in would have set, for a session whose first renewal answers the token the test chose (its
 * claims: a user type, an expired subscription, a one-time password...). The token must be one the mock signed,
 * unexpired, of a session not revoked (400 otherwise, with the reason); in bearer mode there is no cookie (409).
 * Answered only where the mock's other test controls are (the mock stack: `FrontOptions.controls`).
 */
import type { ServerResponse } from 'node:http';
import type { MockAccess } from './access.ts';
import { sendJson } from './area.ts';
import type { RefreshCookies } from './refresh-cookie.ts';

export const SESSION_COOKIE_CONTROL = 'sessions/cookie';

/** Answers the control when `route` is its; false otherwise. */
export function sessionCookieControl(
  cookies: RefreshCookies,
  access: MockAccess,
  method: string,
  route: string,
  raw: Buffer,
  res: ServerResponse,
): boolean {
  if (route !== SESSION_COOKIE_CONTROL) return false;
  if (method !== 'POST') {
    res.writeHead(405, { allow: 'POST', 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: `Use POST for /__mock/${SESSION_COOKIE_CONTROL}` }));
    return true;
  }
  let token: unknown;
  try {
    token = (JSON.parse(raw.toString('utf8')) as { token?: unknown }).token;
  } catch {
    token = undefined;
  }
  if (typeof token !== 'string' || !token) {
    sendJson(res, 400, { message: 'The body must be JSON: { token }' });
    return true;
  }
  const checked = access.verify(`Bearer ${token}`);
  if ('refused' in checked) {
    sendJson(res, 400, { message: `The token is refused (${checked.refused}): sign one with the mock's secret` });
    return true;
  }
  const setCookie = cookies.pin(token);
  if (!setCookie) {
    sendJson(res, 409, { message: 'The mock runs with MOCK_SESSION=bearer: there is no refresh cookie' });
    return true;
  }
  res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': setCookie });
  res.end(JSON.stringify({ cookie: cookies.name }));
  return true;
}
