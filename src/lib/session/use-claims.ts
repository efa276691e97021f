import { useMemo, useSyncExternalStore } from 'react';
import { decodeClaims, getAccessToken, subscribeSession, type TokenClaims } from './session.ts';

/** The claims of the stored token; components re-render when the token changes (for example after a refresh). */
export function useClaims(): TokenClaims | null {
  const token = useSyncExternalStore(subscribeSession, getAccessToken, getAccessToken);
  return useMemo(() => decodeClaims(token), [token]);
}
