import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { heldPanelLogin, holdPanelLogin } from '../../../lib/session/panel-login-hold.ts';
import { subscribePanelLogins, type PanelLogin } from '../../../lib/session/panel-logins.ts';

/**
 * The login of the panel whose detail page this is: none when the page is entered (it asks for the panel password),
 * kept while the page stays open (switching its tabs asks nothing), let go when the page is left. The page reads a
 * login only once it holds the panel's, and follows it as it is remembered, forgotten (a refused password, the user
 * switch, sign-out) or replaced.
 */
export function usePanelPageLogin(devId: number): PanelLogin | undefined {
  // The panel this page instance entered last: React's development mode mounts a page twice and keeps its refs, so a
  // hold with the same panel is that second mount, not a new entry.
  const entered = useRef<number | undefined>(undefined);
  useEffect(() => {
    const entering = entered.current !== devId;
    entered.current = devId;
    return holdPanelLogin(devId, entering);
  }, [devId]);
  return useSyncExternalStore(
    subscribePanelLogins,
    useCallback(() => heldPanelLogin(devId), [devId]),
  );
}
