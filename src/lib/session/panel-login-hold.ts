/**
 * The hold of a panel's detail page on its panel login (panel-logins.ts): kept while the page is open, forgotten when
 * it is left. Apart from the store so the sign-in path, which only forgets logins, does not carry it.
 */
import { forgetPanelLogin, panelLogin, type PanelLogin } from './panel-logins.ts';

const holders = new Map<number, number>();

/**
 * A panel's detail page is open: its login is kept until the page lets go (the function answered). `entering` says
 * the page has just been entered (a new page, or the same page on another panel): it starts without a login, so one
 * accepted before, even by the same page a moment ago, is not the page's. A page mounted again by React's development
 * mode is not entering and keeps its login; the page knows which it is (`usePanelPageLogin`), so no timing decides it.
 * Letting go forgets the login once the turn is over, unless the page holds it again by then.
 */
export function holdPanelLogin(devId: number, entering: boolean): () => void {
  if (entering) forgetPanelLogin(devId);
  holders.set(devId, (holders.get(devId) ?? 0) + 1);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    const left = (holders.get(devId) ?? 1) - 1;
    if (left > 0) return void holders.set(devId, left);
    holders.delete(devId);
    setTimeout(() => {
      if (!holders.has(devId)) forgetPanelLogin(devId);
    }, 0);
  };
}

/**
 * The login of a panel whose detail page holds it (what the page shows with), if any. A page reads it through
 * `useSyncExternalStore`, which reads it again once it has subscribed, after the page's hold.
 */
export const heldPanelLogin = (devId: number): PanelLogin | undefined =>
  holders.has(devId) ? panelLogin(devId) : undefined;
