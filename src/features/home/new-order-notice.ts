/**
 * 'Yeni Sipariş Var' opens once a session (spec 1 §2 "Home dashboard"): the first time the administrator's home shows
 * orders awaiting invoicing in this browser session, not again at each visit of the home page, reload or new sign-in
 * of the same person in it. Remembered in session storage (this tab's session, gone with it), by user name only: it
 * holds no token and nothing secret.
 */
const KEY = 'new_order_notice';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

const shownTo = (store: SessionStore): string[] => {
  try {
    const value: unknown = JSON.parse(store.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
};

/** Whether the notice was already shown to this user in this session. */
export function newOrderNoticeShown(user: string, store: SessionStore = sessionStorage): boolean {
  return shownTo(store).includes(user);
}

/** Remembers that the notice was shown to this user in this session. */
export function markNewOrderNoticeShown(user: string, store: SessionStore = sessionStorage): void {
  const users = shownTo(store);
  if (users.includes(user)) return;
  try {
    store.setItem(KEY, JSON.stringify([...users, user]));
  } catch {
    // Storage refused (private mode, full): this page still knows, through its own state.
  }
}
