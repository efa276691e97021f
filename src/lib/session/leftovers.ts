/**
 * What earlier versions of the console kept in web storage and this one never keeps: the access token and the
 * refresh token (local storage: read by any script, kept after the browser closed) and the accepted panel passwords
 * (session storage). Removed at start, before any page, so an update leaves none of them behind in a browser. (The
 * token kept in sessionStorage in bearer mode is token-store.ts's, under its own rules.)
 */
export const LEFTOVER_LOCAL_KEYS = ['access_token', 'refresh_token'] as const;
export const LEFTOVER_SESSION_KEYS = ['panel_logins'] as const;

type Removable = Pick<Storage, 'removeItem'>;

export function removeLeftovers(local: Removable = localStorage, session: Removable = sessionStorage): void {
  for (const key of LEFTOVER_LOCAL_KEYS) local.removeItem(key);
  for (const key of LEFTOVER_SESSION_KEYS) session.removeItem(key);
}
