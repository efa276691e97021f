/**
 * The server's part of a sign-out: the proposed `POST /logout` revokes the session of the token, so a copy of it
 * (another device, a leaked token) stops working at once instead of at its `exp`. The browser's part (the token
 * removed, the page left) never waits long for it and never depends on it: the call has a short time-out, and
 * whatever it answers (204, 401 for a token already refused, an error, no answer) the sign-out goes on.
 */
import { logout } from '@generated/api/sdk.gen.ts';

/** The longest a sign-out waits for the server's revocation. */
export const REVOKE_TIMEOUT_MS = 3_000;

/** Asks the server to revoke the session of `token`; resolves once answered, failed or timed out, never rejects. */
export async function revokeSession(token: string, timeoutMs = REVOKE_TIMEOUT_MS): Promise<void> {
  try {
    await logout({
      // The token is named here: another tab may remove it from storage while the call is under way.
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(timeoutMs),
      throwOnError: true,
    });
  } catch {
    // The session ends in this browser anyway; the token still expires by itself.
  }
}
