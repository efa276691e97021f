/** "Remember me" on the login form: the user name is kept in local storage and prefilled next time. */
export const REMEMBERED_USERNAME_KEY = 'remembered_username';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The remembered user name, or null when none is kept (or storage is unavailable). */
export function readRememberedUsername(store: KeyValueStore = localStorage): string | null {
  try {
    const value = store.getItem(REMEMBERED_USERNAME_KEY);
    return value && value.trim() !== '' ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the user name when `remember` is set, otherwise forgets any kept one. */
export function storeRememberedUsername(
  username: string,
  remember: boolean,
  store: KeyValueStore = localStorage,
): void {
  try {
    if (remember && username.trim() !== '') store.setItem(REMEMBERED_USERNAME_KEY, username.trim());
    else store.removeItem(REMEMBERED_USERNAME_KEY);
  } catch {
    // Storage can be disabled (private mode, quota); remembering is a convenience, never a failure.
  }
}
