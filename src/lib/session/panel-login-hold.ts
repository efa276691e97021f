/**
 * The hold of a panel's detail page on its panel login (panel-logins.ts): kept while the page is open, forgotten when
 * it is left. Apart from the store so the sign-in path, which only forgets logins, does not carry it.
 */
import { forgetPanelLogin, panelLogin, type PanelLogin } from './panel-logins.ts';

const holders = new Map<number, number>();
/** Panels whose page let go in this turn: a hold now is the same page mounted again. */
const releasing = new Set<number>();

/**
 * A panel's detail page is open: its login is kept until the page lets go (the function answered). Letting go
 * forgets the login unless the page is back in the same turn (React mounting it again, as its development mode
 * does). Entering afresh starts without a login: one accepted before the page was entered is not the page's.
 */
export function holdPanelLogin(devId: number): () => void {
  if (!holders.has(devId) && !releasing.has(devId)) forgetPanelLogin(devId);
  holders.set(devId, (holders.get(devId) ?? 0) + 1);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    const left = (holders.get(devId) ?? 1) - 1;
    if (left > 0) return void holders.set(devId, left);
    holders.delete(devId);
    releasing.add(devId);
    setTimeout(() => {
      releasing.delete(devId);
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
