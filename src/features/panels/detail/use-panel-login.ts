import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { panelLogin, subscribePanelLogins, type PanelLogin } from '../../../lib/session/panel-logins.ts';

const SEPARATOR = '\u0000';

/**
 * This session's login of a panel; the page follows it as it is remembered, forgotten (a refused password,
 * sign-out) or replaced. The store hands out a new object on every read, so the snapshot is the login's content.
 */
export function usePanelLogin(devId: number): PanelLogin | undefined {
  const snapshot = useCallback(() => {
    const login = panelLogin(devId);
    return login ? `${login.userNo}${SEPARATOR}${login.password}` : '';
  }, [devId]);
  const key = useSyncExternalStore(subscribePanelLogins, snapshot, snapshot);
  return useMemo(() => {
    if (!key) return undefined;
    const at = key.indexOf(SEPARATOR);
    return { userNo: Number(key.slice(0, at)), password: key.slice(at + 1) };
  }, [key]);
}
